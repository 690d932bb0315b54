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
import { signInByRead } from '../../plugins/auth';
import { sendData, sendUnchangedData } from '../../plugins/envelope';
import { contextOf } from '../auth/request-context';
import { openOrderAnswerSignedIn } from '../orders/order-answer';
import {
  addProductToCart,
  applyCartPromo,
  changeCartQuantity,
  previewCartPromo,
  removeCartPromo,
  setCartItems,
} from './patient-cart';

const access = ['patient'] as const;

/** The signed-in patient's cart (spec §7 "Cart/..." under the user-service base). */
export function cartRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];

  r.get(
    '/api/user/Cart/GetItemsInCart',
    {
      config: { access, tokenCheckedByRead: true },
      schema: { tags, querystring: cartQuery, response: { 200: envelope(orderData.nullable()) } },
    },
    async (request, reply) => {
      const signIn = signInByRead(request, deps.database);
      const answer = await openOrderAnswerSignedIn(deps, signIn, 'user');
      if (!answer) return sendData(reply, null, messages.emptyCart);
      return sendUnchangedData(reply, answer, answer.items.length ? 'OK' : messages.emptyCart);
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
      const preview = await previewCartPromo(deps, contextOf(request), request.body.promoCode);
      return sendData(reply, preview, preview.valid ? 'OK' : messages.promoInvalid);
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
