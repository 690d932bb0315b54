import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addToCartRequest,
  applyPromoRequest,
  cartQuery,
  changeQuantityRequest,
  promoDiscountData,
  removePromoRequest,
  updateItemsRequest,
} from '../../../shared/contracts/cart';
import { envelope } from '../../../shared/contracts/envelope';
import { orderData } from '../../../shared/contracts/orders';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import { contextOf } from '../auth/request-context';
import { openOrderOf } from '../orders/order-access';
import { orderAnswerAsRead } from '../orders/order-answer';
import { previewPromo } from '../promo/promo-service';
import {
  addProductToCart,
  applyCartPromo,
  changeCartQuantity,
  removeCartPromo,
  setCartItems,
} from './patient-cart';

const access = ['patient'] as const;

/** The signed-in patient's cart (spec §7 "Cart/..." under the user-service base). */
export function cartRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const tags = ['cart'];

  r.get(
    '/api/user/Cart/GetItemsInCart',
    {
      config: { access },
      schema: { tags, querystring: cartQuery, response: { 200: envelope(orderData.nullable()) } },
    },
    async (request, reply) => {
      const order = await openOrderOf(database.db, request.principal);
      if (!order) return sendData(reply, null, messages.emptyCart);
      const answer = await orderAnswerAsRead(deps, database.db, order);
      return sendData(reply, answer, answer.items.length === 0 ? messages.emptyCart : 'OK');
    },
  );

  r.post(
    '/api/user/Cart/AddToCart',
    {
      config: { access },
      schema: { tags, body: addToCartRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) => {
      const answer = await addProductToCart(deps, contextOf(request), request.body);
      return sendData(reply, answer, 'Added to cart');
    },
  );

  r.post(
    '/api/user/Cart/ChangeProductQuantity',
    {
      config: { access },
      schema: { tags, body: changeQuantityRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) => {
      return sendData(reply, await changeCartQuantity(deps, contextOf(request), request.body));
    },
  );

  r.patch(
    '/api/user/Cart/items',
    {
      config: { access },
      schema: { tags, body: updateItemsRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) => {
      return sendData(reply, await setCartItems(deps, contextOf(request), request.body.items));
    },
  );

  r.post(
    '/api/user/Cart/ApplyPromoCode',
    {
      config: { access },
      schema: { tags, body: applyPromoRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) => {
      const answer = await applyCartPromo(deps, contextOf(request), request.body.promoCode);
      return sendData(reply, answer, 'Promo code applied');
    },
  );

  r.post(
    '/api/user/Cart/GetPromoCodeDiscount',
    {
      config: { access },
      schema: { tags, body: applyPromoRequest, response: { 200: envelope(promoDiscountData) } },
    },
    async (request, reply) => {
      const order = await openOrderOf(database.db, request.principal);
      const code = request.body.promoCode;
      const preview = order ? await previewPromo(deps, database.db, order, code) : null;
      const discountCents = preview?.outcome.valid ? preview.outcome.discountCents : 0;
      return sendData(
        reply,
        {
          promoCode: preview?.code ?? code,
          valid: Boolean(preview?.outcome.valid),
          discount: discountCents / 100,
          discountCents,
        },
        preview?.outcome.valid ? 'OK' : messages.promoInvalid,
      );
    },
  );

  r.post(
    '/api/user/Cart/RemovePromoCode',
    {
      config: { access },
      schema: { tags, body: removePromoRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) => {
      return sendData(reply, await removeCartPromo(deps, contextOf(request)), 'Promo code removed');
    },
  );
}
