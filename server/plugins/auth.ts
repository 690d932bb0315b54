import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_HEADER } from '../../shared/api/modes';
import { fail } from '../../shared/errors/app-error';
import type { Database } from '../db/client';
import { safeEqual } from '../lib/secrets';
import { writeAudit } from '../modules/audit/audit-service';
import { type Access, allows, type Principal } from '../modules/auth/principal';
import { verifyToken } from '../modules/auth/token-service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route. Every route must declare it; the app refuses to start otherwise. */
    access?: readonly Access[];
  }
  interface FastifyRequest {
    principal: Principal;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, database: Database, apiKey: string) {
  app.decorateRequest('principal', null as never);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs') || route.method === 'HEAD') return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const sentKey = request.headers[API_KEY_HEADER];
    const hasApiKey = typeof sentKey === 'string' && safeEqual(sentKey, apiKey);
    const access = request.routeOptions.config?.access;
    const bearer = bearerOf(request);
    let principal: Principal = { kind: 'anonymous', apiKey: hasApiKey };
    if (bearer) {
      const verified = await verifyToken(database.db, bearer, hasApiKey);
      if (verified) principal = verified;
      else if (access && !access.includes('public')) {
        request.principal = principal;
        throw fail.unauthorized('Your session has ended. Please sign in again.');
      }
    }
    request.principal = principal;
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
  });
}

/** The signed-in user of a route that declared only user roles. */
export function requireUser(request: FastifyRequest) {
  const principal = request.principal;
  if (principal.kind !== 'user') throw fail.unauthorized();
  return principal;
}
