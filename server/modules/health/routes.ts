import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/contracts/envelope';
import { clientIpResponse, healthData, liveData } from '../../../shared/contracts/health';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import { databaseRetryAfterSeconds, sendData } from '../../plugins/envelope';

const startedAt = Date.now();

/** The database is asked at most once a second, however often health is polled. */
const checkEveryMs = 1000;

/** A balancer's or an orchestrator's checks are never refused by the request limit. */
const unlimited = { access: ['public' as const], rateLimit: false as const };

export function healthRoutes(app: FastifyInstance, { database }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  let lastCheck = { at: 0, result: Promise.resolve() };
  const checkDatabase = () => {
    if (Date.now() - lastCheck.at >= checkEveryMs) {
      lastCheck = { at: Date.now(), result: database.ping() };
      lastCheck.result.catch(() => {
        lastCheck.at = 0;
      });
    }
    return lastCheck.result;
  };

  r.get(
    '/api/health',
    {
      config: unlimited,
      schema: { tags: ['platform'], response: { 200: envelope(healthData) } },
    },
    async (_request, reply) => {
      if (app.isDraining()) {
        reply.header('connection', 'close');
        throw fail.unavailable(messages.serverShuttingDown);
      }
      try {
        await checkDatabase();
      } catch {
        reply.header('retry-after', String(databaseRetryAfterSeconds));
        throw fail.unavailable(messages.databaseNotAnswering);
      }
      return sendData(reply, {
        ok: true,
        database: database.kind,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      });
    },
  );

  // Liveness: the process answers (restart it if not). /api/health above is the readiness
  // check: the database answers, and it turns 503 while the server drains (Fastify answers
  // 503 to every request once closing has begun).
  r.get(
    '/api/health/live',
    {
      config: unlimited,
      schema: { tags: ['platform'], response: { 200: envelope(liveData) } },
    },
    async (_request, reply) =>
      sendData(reply, { ok: true, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) }),
  );

  // The caller's IP as the server sees it, honouring TRUST_PROXY_HOPS (spec §7).
  r.get(
    '/api/getClientIp',
    {
      config: { access: ['public'] },
      schema: { tags: ['platform'], response: { 200: clientIpResponse } },
    },
    async (request) => ({ clientIp: request.ip }),
  );
}
