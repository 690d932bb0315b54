import { isApiError } from '../../shared/api/api-error';
import { messages } from '../../shared/errors/messages';
import { errorMessage, isValidationErrorKey } from '../../shared/validation/validate-form';

export interface ErrorText {
  /** The text for the form or page as a whole. */
  message: string;
  /** Spec §8: a connection error also says to contact Customer Support. */
  connection: boolean;
  /** The server's field errors (its field names) as the spec's messages. */
  fields: Record<string, string>;
}

/**
 * What to tell the user about a failed call (spec §8): the connection-error message when there
 * was no answer or a 500, else the server's message (the spec's wording comes from the server),
 * else "Request failed with status code N".
 */
export function errorTextOf(error: unknown): ErrorText {
  if (!isApiError(error)) {
    return { message: messages.connectionError, connection: true, fields: {} };
  }
  if (error.connectionError) {
    return { message: messages.connectionError, connection: true, fields: {} };
  }
  const fields: Record<string, string> = {};
  for (const [field, key] of Object.entries(error.errors)) {
    if (isValidationErrorKey(key)) fields[field] = errorMessage(key);
  }
  return { message: error.serverMessage ?? error.message, connection: false, fields };
}

/**
 * One line for a failed call (spec §8), for places with no field to put an error on: the
 * connection message, else the server's own message, else the message of the first field error
 * it named, else "Request failed with status code N".
 */
export function apiErrorText(error: unknown): string {
  const text = errorTextOf(error);
  if (text.connection || !isApiError(error) || error.serverMessage) return text.message;
  return Object.values(text.fields)[0] ?? text.message;
}
