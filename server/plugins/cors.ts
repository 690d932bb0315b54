import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** The methods and request headers a console origin may use across origins. */
const allowedMethods = 'GET,HEAD,POST';
const allowedHeaders = 'Content-Type, Authorization, x-api-key, Idempotency-Key, x-request-id';
/** The answer's headers a console origin's script may read. */
const exposedHeaders = 'x-request-id';

/**
 * CORS for the console's origins (`CORS_ORIGINS`) on the API's addresses. A call without an
 * `Origin` header is not a cross-origin call (a browser sends one on every cross-origin
 * request): it passes untouched, with no step of its own, which is every health check and
 * every GET the web app makes on its own origin. A call with one is answered `Vary: Origin`;
 * an allowed origin gets `Access-Control-Allow-Origin` (its own value: there are several,
 * and `*` would allow any) and the `x-request-id` header exposed; a preflight
 * (`OPTIONS` with `Access-Control-Request-Method`) is answered 204 at once, before any
 * token or limit is checked, with the methods and headers allowed to an allowed origin and
 * nothing to any other, which the browser then refuses. Pages and files are the web app's
 * own and are never read from another origin: they carry no CORS header.
 *
 * The security plugin's request hook, for every request, after the headers every answer carries.
 */
export function crossOriginCall(
  allowedOrigins: ReadonlySet<string>,
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const origin = request.headers.origin;
  if (origin === undefined || !request.url.startsWith('/api/')) {
    done();
    return;
  }
  reply.header('vary', 'Origin');
  const allowed = allowedOrigins.has(origin);
  if (allowed) {
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', exposedHeaders);
  }
  if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) {
    done();
    return;
  }
  if (allowed) {
    reply.header('access-control-allow-methods', allowedMethods);
    reply.header('access-control-allow-headers', allowedHeaders);
  }
  // Safari waits for a body unless a 204 says its length.
  reply.code(204).header('content-length', '0').send();
}
