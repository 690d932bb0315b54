import { connectionErrorMessage, messages, requestFailedMessage } from '../errors/messages';

/**
 * The one error a client call rejects with (spec §8): "Connection Error" with
 * `connectionError: true` when there is no response or the status is 500, otherwise
 * "Request failed with status code N" carrying the server's envelope.
 */
export class ApiError extends Error {
  readonly connectionError: boolean;
  readonly status: number | null;
  /** The server's message (`Message` of the envelope), when there is one. */
  readonly serverMessage: string | null;
  /** Field -> error key, when the server named the fields at fault. */
  readonly errors: Record<string, string>;
  readonly body: unknown;

  constructor(options: {
    message: string;
    connectionError: boolean;
    status: number | null;
    body?: unknown;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.connectionError = options.connectionError;
    this.status = options.status;
    this.body = options.body ?? null;
    this.serverMessage = readMessage(options.body);
    this.errors = readErrors(options.body);
  }

  static connection(status: number | null, body?: unknown): ApiError {
    return new ApiError({ message: connectionErrorMessage, connectionError: true, status, body });
  }

  static failed(status: number, body?: unknown): ApiError {
    return new ApiError({
      message: requestFailedMessage(status),
      connectionError: false,
      status,
      body,
    });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function readMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && 'Message' in body) {
    const message = (body as { Message: unknown }).Message;
    return typeof message === 'string' ? message : null;
  }
  return null;
}

function readErrors(body: unknown): Record<string, string> {
  if (body && typeof body === 'object' && 'errors' in body) {
    const errors = (body as { errors: unknown }).errors;
    if (errors && typeof errors === 'object') {
      return Object.fromEntries(
        Object.entries(errors).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    }
  }
  return {};
}

/**
 * Whether a payment request ended without an answer: no response, the first request with its
 * key still running (409), or the payment not confirmed yet (503). It must be sent again with
 * the same Idempotency-Key (it may have been charged); any other answer ends the attempt.
 */
export function paymentOutcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.connectionError || error.status === 503) return true;
  return error.status === 409 && error.serverMessage === messages.paymentInProgress;
}
