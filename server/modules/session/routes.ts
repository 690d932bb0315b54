import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionInitRequest, sessionInitResponse } from '../../../shared/contracts/session';
import type { AppDeps } from '../../deps';
import { createSessionGuid } from './service';

export function sessionRoutes(app: FastifyInstance, { database }: AppDeps) {
  // Not the envelope: the spec's client reads `statusCode` and `data` from the body (spec §7).
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/user/User/InsertQueryStringIntoSessionGUIDRequest',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['session'],
        body: sessionInitRequest,
        response: { 200: sessionInitResponse },
      },
    },
    async (request, reply) => {
      const guid = await createSessionGuid(database.db, request.body.queryString, request.ip);
      return reply.code(200).send({ statusCode: 200, data: guid });
    },
  );
}
