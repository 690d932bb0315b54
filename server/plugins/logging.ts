import type { FastifyServerOptions } from 'fastify';

/** Paths that never reach a log line: credentials, passcodes, tokens, card data. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.Password',
  '*.newPassword',
  '*.currentPassword',
  '*.code',
  '*.passcode',
  '*.token',
  '*.access_token',
  '*.cardNumber',
  '*.cvc',
  '*.cvv',
];

/** A failed query's message ends with its bound values: an email, a token hash, a name. */
const boundValues = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

/** What `err` fields may say where values of a query may hide. */
const valueFields = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

/**
 * An error as a log line may show it: its type, message, code and stack, with the bound
 * parameters of a failed query cut out (drizzle puts them in the message and `params`), and
 * without PostgreSQL's `detail` (it quotes the row: "Key (email)=(...) already exists").
 * Its cause is shown the same way.
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const shown: Record<string, unknown> = {
    type: error.constructor.name,
    message: error.message.replace(boundValues, '\nparams: [redacted]'),
    stack: error.stack?.replace(boundValues, '\nparams: [redacted]'),
  };
  for (const [key, value] of Object.entries(error)) {
    if (valueFields.has(key) || key === 'cause') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      shown[key] = value;
    }
  }
  if (error.cause !== undefined && depth < 3) shown.cause = errorForLog(error.cause, depth + 1);
  return shown;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      err: (error: Error) => errorForLog(error) as { type: string; message: string; stack: string },
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        // Query strings may carry reset tokens or emails: log the path only.
        url: req.url.split('?')[0],
        id: req.id,
      }),
    },
  };
}
