import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routes } from '../../../shared/checkout/routes';
import { envelope } from '../../../shared/contracts/envelope';
import { outbox } from '../../db/schema/platform';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import { bookDemoVisit } from './demo-visit';

const outboxMessage = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

/**
 * GET /api/dev/outbox?to=ADDRESS: the demo's and the tests' mailbox; POST /api/dev/demo-visit:
 * a visit to try locally. Development mode only, never in production.
 */
export function devRoutes(app: FastifyInstance, { config, database, notifier }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/dev/demo-visit',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['dev'],
        body: z
          .object({
            email: z.string().email().max(254).default('patient@demo.test'),
            inMinutes: z.number().int().min(0).max(1440).default(2),
          })
          .strict(),
        response: {
          200: envelope(
            z.object({
              orderId: z.string(),
              startsAt: z.string(),
              status: z.string(),
              patientUrl: z.string(),
              consoleUrl: z.string(),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const visit = await bookDemoVisit(database, request.body);
      const base = config.publicUrl.replace(/\/+$/, '');
      return sendData(reply, {
        ...visit,
        patientUrl: `${base}${routes.patientVisit}?orderId=${visit.orderId}`,
        consoleUrl: `${base}/console/#/visits/${visit.orderId}`,
      });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/outbox',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['dev'],
        querystring: z.object({ to: z.string().min(1).max(254) }).strict(),
        response: { 200: envelope(z.array(outboxMessage)) },
      },
    },
    async (request, reply) => {
      const rows = await database.db
        .select()
        .from(outbox)
        .where(sql`lower(${outbox.recipient}) = lower(${request.query.to})`)
        .orderBy(desc(outbox.id))
        .limit(50);
      return sendData(
        reply,
        rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.recipient,
          subject: r.subject,
          body: notifier.readBody(r.body) ?? '[sealed by another server process]',
          createdAt: r.createdAt.toISOString(),
        })),
      );
    },
  );
}
