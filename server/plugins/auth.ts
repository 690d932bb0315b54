import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_HEADER } from '../../shared/api/modes';
import { fail } from '../../shared/errors/app-error';
import { messages } from '../../shared/errors/messages';
import type { Database } from '../db/client';
import { secretChecker } from '../lib/secrets';
import { writeAudit } from '../modules/audit/audit-service';
import { type Access, allows, type Principal } from '../modules/auth/principal';
import { contextOf, type SignInByRead } from '../modules/auth/request-context';
import {
  listenForRevocations,
  principalOfToken,
  type TokenRow,
  tokenHashOf,
  verifyToken,
} from '../modules/auth/token-service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route. Every route must declare it; the app refuses to start otherwise. */
    access?: readonly Access[];
    /**
     * The handler checks a bearer token in the statement that reads its data (one statement,
     * not two, on the hottest reads), through `signInByRead(request)`: the hook leaves it.
     */
    tokenCheckedByRead?: boolean;
  }
  interface FastifyRequest {
    principal: Principal;
    /** The bearer token the handler checks, on routes with `tokenCheckedByRead`. */
    tokenToCheck: { bearer: string; apiKey: boolean } | null;
  }
  interface FastifyInstance {
    /** Every route with who may call it: the table the access tests walk. */
    routeTable: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: readonly Access[];
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export async function registerAuth(app: FastifyInstance, database: Database, apiKey: string) {
  app.decorateRequest('principal', null as never);
  app.decorateRequest('tokenToCheck', null);
  // Only an embedded database (one process) remembers verified tokens: PostgreSQL delivers a
  // revocation's NOTIFY to other processes a moment after the commit, and "logged out on one
  // server" must mean "refused on every server" at once, so there every request checks.
  if (database.kind === 'pglite') {
    const stopListening = await listenForRevocations(database);
    app.addHook('onClose', stopListening);
  }
  const isApiKey = secretChecker(apiKey);

  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs') || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it`);
    }
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, access });
    // Such a route refuses a caller it does not admit (401, 403) before bad input (400), as
    // every route does: its input is checked after the token, which its handler reads.
    if (route.config?.tokenCheckedByRead) route.attachValidation = true;
  });

  // A callback hook: a call without a bearer token (public pages, health) is decided at once,
  // without the promise and microtask turn an async hook costs every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const sentKey = request.headers[API_KEY_HEADER];
    const hasApiKey = typeof sentKey === 'string' && isApiKey(sentKey);
    const bearer = bearerOf(request);
    if (bearer && request.routeOptions.config?.tokenCheckedByRead) {
      request.principal = { kind: 'anonymous', apiKey: hasApiKey };
      request.tokenToCheck = { bearer, apiKey: hasApiKey };
      done();
      return;
    }
    if (bearer) {
      signIn(request, bearer, hasApiKey).then(() => done(), done);
      return;
    }
    const access = request.routeOptions.config?.access;
    request.principal = { kind: 'anonymous', apiKey: hasApiKey };
    done(!access || allows(access, request.principal) ? undefined : fail.unauthorized());
  });

  /** A call with a bearer token: the token's user, or a 401 where the route needs one. */
  async function signIn(request: FastifyRequest, bearer: string, hasApiKey: boolean) {
    // A write checks the token in the database; a read may use a token verified moments ago.
    const fresh = request.method !== 'GET' && request.method !== 'HEAD';
    const verified = await verifyToken(database.db, bearer, hasApiKey, { fresh });
    await admit(database, request, verified, hasApiKey);
  }
}

/**
 * Who asks, from their token's principal (null: no valid token): refused unless the route
 * admits them (a 401, or a 403 audited for a signed-in user of another role).
 */
async function admit(
  database: Database,
  request: FastifyRequest,
  verified: Principal | null,
  hasApiKey: boolean,
) {
  const access = request.routeOptions.config?.access;
  const principal: Principal = verified ?? { kind: 'anonymous', apiKey: hasApiKey };
  request.principal = principal;
  if (!verified && access && !access.includes('public')) {
    throw fail.unauthorized(messages.sessionEnded);
  }
  if (!access || allows(access, principal)) return;
  if (principal.kind === 'user') {
    await writeAudit(database.db, request, {
      action: 'authorization.denied',
      outcome: 'denied',
      subject: `${request.method} ${request.routeOptions.url}`,
    });
    throw fail.forbidden();
  }
  throw fail.unauthorized();
}

/**
 * The sign-in a `tokenCheckedByRead` route hands its service: the token's hash, and `admit`,
 * which signs in whoever the token read beside the data names (or refuses, as the hook does).
 */
export function signInByRead(request: FastifyRequest, database: Database): SignInByRead {
  const pending = request.tokenToCheck;
  const tokenHash = pending && tokenHashOf(pending.bearer);
  if (!pending || !tokenHash) throw fail.unauthorized(messages.sessionEnded);
  return {
    tokenHash,
    async admit(token: TokenRow | null) {
      const found = token && (await principalOfToken(database.db, token, pending.apiKey));
      await admit(database, request, found?.principal ?? null, pending.apiKey);
      if (request.validationError) throw request.validationError;
      return contextOf(request);
    },
  };
}

/** The signed-in user of a route that declared only user roles. */
export function requireUser(request: FastifyRequest) {
  const principal = request.principal;
  if (principal.kind !== 'user') throw fail.unauthorized();
  return principal;
}
