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
import type { AppDeps } from '../../deps';
import { signInByRead } from '../../plugins/auth';
import { sendData, sendUnchangedData } from '../../plugins/envelope';
import { contextOf } from '../auth/request-context';
import {
  applyGuestPromo,
  currentGuestOrder,
  guestOrderAnswer,
  removeGuestPromo,
  setGuestItems,
  startGuestOrder,
} from './guest-cart';

const access = ['guest'] as const;
const base = '/api/v1/guestorders';

/** The guest order (spec §7 "Guest orders"): only a guest token reaches these. */
export function guestOrderRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['guest orders'];
  const answerSchema = { 200: envelope(orderData) };

  r.post(
    base,
    { config: { access }, schema: { tags, body: createGuestOrderRequest, response: answerSchema } },
    async (request, reply) => {
      const answer = await startGuestOrder(deps, contextOf(request), request.body);
      return sendData(reply, answer, 'Guest order ready');
    },
  );

  r.get(
    `${base}/current`,
    { config: { access, tokenCheckedByRead: true }, schema: { tags, response: answerSchema } },
    async (request, reply) => {
      const signIn = signInByRead(request, deps.database);
      return sendUnchangedData(reply, await currentGuestOrder(deps, signIn));
    },
  );

  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: `${base}/:orderId`,
      config: { access },
      schema: { tags, params: orderIdParams, response: answerSchema },
      handler: async (request, reply) =>
        sendData(reply, await guestOrderAnswer(deps, contextOf(request), request.params.orderId)),
    });
  }

  r.patch(
    `${base}/current/items`,
    { config: { access }, schema: { tags, body: updateItemsRequest, response: answerSchema } },
    async (request, reply) => {
      const answer = await setGuestItems(deps, contextOf(request), 'current', request.body.items);
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
      const which = { orderId: request.params.orderId };
      const answer = await setGuestItems(deps, contextOf(request), which, request.body.items);
      return sendData(reply, answer);
    },
  );

  r.post(
    `${base}/current/coupon`,
    { config: { access }, schema: { tags, body: applyPromoRequest, response: answerSchema } },
    async (request, reply) => {
      const answer = await applyGuestPromo(deps, contextOf(request), request.body.promoCode);
      return sendData(reply, answer, 'Promo code applied');
    },
  );

  r.post(
    `${base}/current/coupon/remove`,
    { config: { access }, schema: { tags, body: removePromoRequest, response: answerSchema } },
    async (request, reply) => {
      return sendData(
        reply,
        await removeGuestPromo(deps, contextOf(request)),
        'Promo code removed',
      );
    },
  );
}
