import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applyPromoRequest,
  createGuestOrderRequest,
  orderIdParams,
  removePromoRequest,
  updateItemsRequest,
} from '../../../shared/contracts/cart';
import { envelope } from '../../../shared/contracts/envelope';
import { orderData } from '../../../shared/contracts/orders';
import { fail } from '../../../shared/errors/app-error';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import { setCartLines } from '../cart/cart-service';
import { ensureOpenOrder, openOrderOf } from '../orders/order-access';
import { orderAnswer, orderAnswerAsRead } from '../orders/order-answer';
import { applyPromo, removePromo } from '../promo/promo-service';
import { guestOrderById, requireOrder } from './guest-order-service';

const access = ['guest'] as const;
const base = '/api/v1/guestorders';

/** The guest order (spec §7 "Guest orders"): only a guest token reaches these. */
export function guestOrderRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['guest orders'];
  const answerSchema = { 200: envelope(orderData) };

  r.post(
    base,
    { config: { access }, schema: { tags, body: createGuestOrderRequest, response: answerSchema } },
    async (request, reply) => {
      const { storefrontId, sessionGuid, items } = request.body;
      if (storefrontId !== deps.config.storefrontId) throw fail.notFound('Storefront not found.');
      const answer = await database.db.transaction(async (tx) => {
        const order = await ensureOpenOrder(tx, request.principal, { storefrontId, sessionGuid });
        if (items?.length) await setCartLines(deps, tx, order, items);
        return orderAnswer(deps, tx, order);
      });
      return sendData(reply, answer, 'Guest order ready');
    },
  );

  r.get(
    `${base}/current`,
    { config: { access }, schema: { tags, response: answerSchema } },
    async (request, reply) => {
      const order = requireOrder(await openOrderOf(database.db, request.principal));
      const answer = await orderAnswerAsRead(deps, database.db, order);
      return sendData(reply, answer);
    },
  );

  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: `${base}/:orderId`,
      config: { access },
      schema: { tags, params: orderIdParams, response: answerSchema },
      handler: async (request, reply) => {
        const answer = await database.db.transaction(async (tx) => {
          const order = await guestOrderById(tx, request.principal, request.params.orderId);
          return orderAnswer(deps, tx, order);
        });
        return sendData(reply, answer);
      },
    });
  }

  r.patch(
    `${base}/current/items`,
    { config: { access }, schema: { tags, body: updateItemsRequest, response: answerSchema } },
    async (request, reply) => {
      const answer = await database.db.transaction(async (tx) => {
        const order = requireOrder(await openOrderOf(tx, request.principal, { forUpdate: true }));
        await setCartLines(deps, tx, order, request.body.items);
        return orderAnswer(deps, tx, order);
      });
      return sendData(reply, answer);
    },
  );

  r.patch(
    `${base}/:orderId/items`,
    {
      config: { access },
      schema: { tags, params: orderIdParams, body: updateItemsRequest, response: answerSchema },
    },
    async (request, reply) => {
      const answer = await database.db.transaction(async (tx) => {
        const order = await guestOrderById(tx, request.principal, request.params.orderId);
        await setCartLines(deps, tx, order, request.body.items);
        return orderAnswer(deps, tx, order);
      });
      return sendData(reply, answer);
    },
  );

  r.post(
    `${base}/current/coupon`,
    { config: { access }, schema: { tags, body: applyPromoRequest, response: answerSchema } },
    async (request, reply) => {
      const answer = await database.db.transaction(async (tx) => {
        const order = requireOrder(await openOrderOf(tx, request.principal, { forUpdate: true }));
        await applyPromo(deps, tx, order, request.body.promoCode);
        return orderAnswer(deps, tx, order);
      });
      return sendData(reply, answer, 'Promo code applied');
    },
  );

  r.post(
    `${base}/current/coupon/remove`,
    { config: { access }, schema: { tags, body: removePromoRequest, response: answerSchema } },
    async (request, reply) => {
      const answer = await database.db.transaction(async (tx) => {
        const order = requireOrder(await openOrderOf(tx, request.principal, { forUpdate: true }));
        await removePromo(tx, order);
        return orderAnswer(deps, tx, order);
      });
      return sendData(reply, answer, 'Promo code removed');
    },
  );
}
