/**
 * The one typed error of the product. The server's error handler turns it into the
 * envelope of DESIGN §3; the UI reads the same status, message and field keys back.
 */
export const errorStatus = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  gone: 410,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  unprocessable: 422,
  tooManyRequests: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof errorStatus;

export const defaultErrorMessages: Record<ErrorKind, string> = {
  badRequest: 'The request is not valid.',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  gone: 'This is no longer available.',
  conflict: 'That conflicts with the current state. Please reload and try again.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This content type is not supported.',
  unprocessable: 'The request cannot be processed.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  internal: 'Something went wrong on our end. Please try again.',
  unavailable: 'The service is unavailable. Please try again shortly.',
};

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  /** Field -> error key (spec §5), when particular fields are at fault. */
  readonly errors: Record<string, string> | undefined;

  constructor(kind: ErrorKind, message?: string, errors?: Record<string, string>) {
    super(message ?? defaultErrorMessages[kind]);
    this.name = 'AppError';
    this.kind = kind;
    this.status = errorStatus[kind];
    this.errors = errors;
  }
}

export const fail = {
  badRequest: (message?: string, errors?: Record<string, string>) =>
    new AppError('badRequest', message, errors),
  unauthorized: (message?: string) => new AppError('unauthorized', message),
  forbidden: (message?: string) => new AppError('forbidden', message),
  notFound: (message?: string) => new AppError('notFound', message),
  gone: (message?: string) => new AppError('gone', message),
  conflict: (message?: string, errors?: Record<string, string>) =>
    new AppError('conflict', message, errors),
  tooManyRequests: (message?: string) => new AppError('tooManyRequests', message),
  unprocessable: (message?: string) => new AppError('unprocessable', message),
  payloadTooLarge: (message?: string) => new AppError('payloadTooLarge', message),
  unsupportedMediaType: (message?: string) => new AppError('unsupportedMediaType', message),
  unavailable: (message?: string) => new AppError('unavailable', message),
};

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
