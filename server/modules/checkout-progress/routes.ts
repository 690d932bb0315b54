import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutProgressData,
  checkoutProgressQuery,
} from '../../../shared/contracts/checkout-progress';
import { envelope } from '../../../shared/contracts/envelope';
import { fail } from '../../../shared/errors/app-error';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import { openOrderOf, orderForCaller } from '../orders/order-access';
import { priceOrder } from '../orders/order-pricing';
import { firstRouteOfOrder, visitTypeOfOrder } from '../orders/order-route';
import { completedStageBits, pendingStagesOf, requiredStageBits } from '../orders/order-stages';

/** GET /api/order/GetCheckOutProgress: the order's stages and the route of its first pending one. */
export function checkoutProgressRoutes(app: FastifyInstance, deps: AppDeps) {
  const { database } = deps;
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
    async (request, reply) => {
      const { orderId } = request.query;
      const progress = await database.db.transaction(async (tx) => {
        const order = orderId
          ? await orderForCaller(tx, request.principal, orderId)
          : await openOrderOf(tx, request.principal);
        if (!order) throw fail.notFound('There is no order in progress.');
        const priced = await priceOrder(deps, tx, order);
        const signedIn = order.userId !== null;
        return {
          orderId: order.id,
          status: priced.order.status,
          checkoutStages: requiredStageBits(priced.items),
          completedCheckoutStages: completedStageBits(priced.items),
          pendingStages: pendingStagesOf(priced.items, signedIn),
          nextRoute: await firstRouteOfOrder(deps, priced, signedIn),
          visitType: visitTypeOfOrder(priced),
        };
      });
      return sendData(reply, progress);
    },
  );
}
