import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutProgressData,
  checkoutProgressQuery,
} from '../../../shared/contracts/checkout-progress';
import { envelope } from '../../../shared/contracts/envelope';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import { contextOf } from '../auth/request-context';
import { checkoutProgress } from './checkout-progress';

/** GET /api/order/GetCheckOutProgress: the order's stages and the route of its first pending one. */
export function checkoutProgressRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/order/GetCheckOutProgress',
    {
      config: { access: ['guest', 'patient', 'agent', 'admin'] },
      schema: {
        tags: ['checkout'],
        querystring: checkoutProgressQuery,
        response: { 200: envelope(checkoutProgressData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await checkoutProgress(deps, contextOf(request), request.query.orderId)),
  );
}
