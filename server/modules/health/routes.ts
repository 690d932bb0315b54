import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/contracts/envelope';
import { clientIpResponse, healthData } from '../../../shared/contracts/health';
import { fail } from '../../../shared/errors/app-error';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';

const startedAt = Date.now();

export function healthRoutes(app: FastifyInstance, { database }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    {
      config: { access: ['public'] },
      schema: { tags: ['platform'], response: { 200: envelope(healthData) } },
    },
    async (_request, reply) => {
      try {
        await database.ping();
      } catch {
        throw fail.unavailable('The database is not answering.');
      }
      return sendData(reply, {
        ok: true,
        database: database.kind,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      });
    },
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
