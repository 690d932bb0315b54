import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { earlyReadsScriptSources } from '../modules/web-shell/early-reads-tag';
import { crossOriginCall } from './cors';
import { sharedRateLimitStore } from './shared-rate-limit';

/**
 * Security headers (SECURITY "Headers"), CORS only for the console's origins (`cors.ts`), a
 * global rate limit, and `Cache-Control: no-store` on every API answer (they carry patient
 * data).
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: AppConfig,
  database: Database,
) {
  const servedBy: Record<string, string> = config.instanceName
    ? { 'x-served-by': config.instanceName }
    : {};
  const pageHeaders = { ...pageSecurityHeaders(config.paymentGateway === 'stripe'), ...servedBy };
  const answerHeaders = { ...apiSecurityHeaders(pageHeaders), 'cache-control': 'no-store' };
  // Hooks on every request take a callback rather than return a promise: an async hook costs
  // each request a promise and a turn of the microtask queue, measurable on the cheapest routes.
  // Every header is set here, where they are known, rather than in an onSend hook: a route may
  // set its own Cache-Control (as strict) after them.
  const corsOrigins = new Set(config.corsOrigins);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? answerHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    crossOriginCall(corsOrigins, request, reply, done);
  });
  // A preflight is answered by the hook above; this address lets it be routed there (and
  // answers any other OPTIONS call as not found). Added before the limit and the token checks
  // hook their routes: a browser's preflight carries no token.
  app.options(
    '/api/*',
    { schema: { hide: true }, config: { access: ['public'] } },
    (_request, reply) => reply.callNotFound(),
  );
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Several processes share one PostgreSQL and so share the limit; an embedded database
    // belongs to one process, whose memory is then the right place to count.
    ...(database.kind === 'postgres' ? { store: sharedRateLimitStore(database.db) } : {}),
    // A limit store that cannot be reached must not refuse every request on its own.
    skipOnError: true,
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      Data: null,
      Message: 'Too many requests. Please wait a moment and try again.',
      status: 429,
      requestId: request.id,
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
}

/** The page headers an API answer carries as they are. */
const apiHeadersOfPages = [
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'x-served-by',
];

/**
 * An API answer is data a script reads, never a page a browser renders: of SECURITY.md's
 * headers it needs those that stop it being framed, sniffed or rendered as a document (the
 * pages' own, and a CSP that allows nothing). Half the bytes and header checks of a page's
 * set, on every call.
 */
function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = Object.entries(pageHeaders).filter(([name]) => apiHeadersOfPages.includes(name));
  return {
    ...Object.fromEntries(kept),
    'content-security-policy':
      "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  };
}

/**
 * The security headers of SECURITY.md for the apps' pages and files, from helmet, computed
 * once: they are the same for every answer, and building them per request (as @fastify/helmet
 * does) cost a fifth of the time of a cached read.
 */
function pageSecurityHeaders(stripe: boolean): Record<string, string> {
  // Stripe's card fields: Stripe.js and its frames from js.stripe.com, its calls to its API.
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeCalls = stripe ? ['https://api.stripe.com'] : [];
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...earlyReadsScriptSources, ...stripeScripts],
        ...(stripe ? { frameSrc: ["'self'", ...stripeFrames] } : {}),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
        connectSrc: ["'self'", ...stripeCalls],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  middleware({} as never, collector as never, () => {});
  return headers;
}
