/**
 * Errors that mean "the database cannot be reached right now" (a restart, a failover, a full
 * connection table), as opposed to a bad query: the request may succeed if retried shortly.
 * Drizzle wraps driver errors, so the whole `cause` chain is read.
 */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

const unreachableMessages = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (typeof cause !== 'object') return false;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (unreachableCodes.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && unreachableMessages.some((m) => message.includes(m))) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
