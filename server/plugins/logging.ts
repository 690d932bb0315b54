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

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        // Query strings may carry reset tokens or emails: log the path only.
        url: req.url.split('?')[0],
        id: req.id,
      }),
    },
  };
}
