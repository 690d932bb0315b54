import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { envelope } from '../../../shared/contracts/envelope';
import { auditLogData, auditLogQuery } from '../../../shared/contracts/staff-audit';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import { contextOf } from '../auth/request-context';
import { auditLogForAdmin } from './log-query';

/**
 * GET /api/staff/audit: the audit log table of the console, for admins only (issue 5: who,
 * what, when, from where). Read-only: the log is append-only and has no write route. Reading
 * it is itself recorded, with the filters used.
 */
export function auditLogRoutes(app: FastifyInstance, { database }: AppDeps) {
  const { db } = database;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${defaultBasePaths.staff}/audit`,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['audit'],
        querystring: auditLogQuery,
        response: { 200: envelope(auditLogData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await auditLogForAdmin(db, contextOf(request), request.query)),
  );
}
