import type { FormInstance } from 'antd';
import { errorMessage, type FieldErrors } from '../../shared/validation/validate-form';
import { errorTextOf } from './api-error-text';

/** The spec's message for each field at fault (spec §5: field -> error key -> message). */
export function messagesOf(errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(errors)) {
    if (key) out[field] = errorMessage(key);
  }
  return out;
}

/** Puts each message under its field through the form instance (for Form.Items with a name). */
export function showFieldErrors(form: FormInstance, errors: Record<string, string>): void {
  form.setFields(Object.entries(errors).map(([name, message]) => ({ name, errors: [message] })));
}

/** Takes the messages off these fields (antd keeps errors set by hand until told otherwise). */
export function clearFieldErrors(form: FormInstance, names: readonly string[]): void {
  if (names.length > 0) form.setFields(names.map((name) => ({ name, errors: [] })));
}

export interface ServerFeedbackOptions {
  /** Server field name -> form field name, e.g. { Email: 'email', username: 'email' }. */
  fieldMap?: Record<string, string>;
  /** The form field that shows a message-only failure (e.g. wrong credentials on the password). */
  messageField?: string;
}

export interface ServerFeedback {
  /** Messages to show under form fields. */
  fields: Record<string, string>;
  /** A failure no field can show (a connection error above all): shown as an alert. */
  alert: unknown;
}

/**
 * Where a failed call's message goes: the server's field errors on their fields, a message-only
 * failure on `messageField`, and a connection error (spec §8) in an alert above the form.
 */
export function serverFeedback(
  error: unknown,
  options: ServerFeedbackOptions = {},
): ServerFeedback {
  const text = errorTextOf(error);
  if (text.connection) return { fields: {}, alert: error };
  const fields: Record<string, string> = {};
  for (const [serverField, message] of Object.entries(text.fields)) {
    const field = options.fieldMap?.[serverField] ?? serverField;
    fields[field] = message;
  }
  if (Object.keys(fields).length > 0) return { fields, alert: undefined };
  if (options.messageField)
    return { fields: { [options.messageField]: text.message }, alert: undefined };
  return { fields: {}, alert: error };
}
