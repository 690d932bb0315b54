import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope } from '../../../shared/contracts/envelope';
import { orderData } from '../../../shared/contracts/orders';
import type { PayNowData } from '../../../shared/contracts/payments';
import {
  idempotencyHeaders,
  openPhoneOrderRequest,
  paymentLinkData,
  paymentLinkPaidData,
  paymentLinkParams,
  payPaymentLinkRequest,
  phoneOrderData,
  phoneOrderItemsRequest,
  phoneOrderParams,
  phoneOrderPromoRequest,
  phoneOrderRequest,
} from '../../../shared/contracts/phone-orders';
import type { AppDeps } from '../../deps';
import { routePath } from '../../lib/route-path';
import { markReplayed, sendData, sendPayment } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import type { IdempotentResult } from '../payments/idempotency';
import { type PaidLink, paymentLinkView, payPaymentLink } from './payment-links';
import { type PlacedPhoneOrder, placePhoneOrder } from './place-phone-order';
import {
  applyPhoneOrderPromo,
  openPhoneOrder,
  removePhoneOrderPromo,
  setPhoneOrderItems,
} from './service';

/** Call-center agents place phone orders; admins may too. */
const phoneStaff: readonly Access[] = ['agent', 'admin'];
/** A payment link is its own credential: the patient needs no account session to pay it. */
const linkHolder: readonly Access[] = ['public'];

/** What the patient is told of a paid order after a phone order or a payment link. */
function paidSummary(paid: PayNowData, receiptSentTo: string | null) {
  return {
    orderNumber: paid.orderNumber,
    status: paid.status,
    paidAt: paid.paidAt,
    amountCents: paid.amountCents,
    card: paid.card,
    receiptSentTo,
  };
}

/** A placed phone order's answer: the link that went out, or its payment (paid or declined). */
function sendPlaced(reply: FastifyReply, placed: IdempotentResult<PlacedPhoneOrder>) {
  const { result } = placed;
  if (result.kind === 'link-sent') {
    markReplayed(reply, placed);
    return sendData(reply, result.link, 'Payment link sent');
  }
  return sendPayment(
    reply,
    { ...placed, result: result.payment },
    {
      message: 'Order placed',
      data: (paid) => ({
        outcome: 'paid',
        orderId: paid.orderId,
        ...paidSummary(paid, result.receiptSentTo),
      }),
    },
  );
}

/** A payment link's answer: what the patient is told of the paid order, or the decline. */
function sendPaidLink(reply: FastifyReply, paid: IdempotentResult<PaidLink>) {
  const { receiptSentTo } = paid.result;
  return sendPayment(
    reply,
    { ...paid, result: paid.result.payment },
    {
      message: 'Thank you, your order is paid',
      data: (order) => paidSummary(order, receiptSentTo),
    },
  );
}

/**
 * Customer-service phone orders (spec §7, issue 5): an agent opens the patient's cart, changes
 * it here and through the checkout endpoints (each takes the orderId), then places it.
 */
export function phoneOrderRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['phone-orders'];

  r.post(
    routePath('staffPhoneOrders'),
    {
      config: { access: phoneStaff },
      schema: { tags, body: openPhoneOrderRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) =>
      sendData(reply, await openPhoneOrder(deps, contextOf(request), request.body.patientId)),
  );

  r.patch(
    routePath('staffPhoneOrderItems'),
    {
      config: { access: phoneStaff },
      schema: {
        tags,
        params: phoneOrderParams,
        body: phoneOrderItemsRequest,
        response: { 200: envelope(orderData) },
      },
    },
    async (request, reply) =>
      sendData(
        reply,
        await setPhoneOrderItems(
          deps,
          contextOf(request),
          request.params.orderId,
          request.body.items,
        ),
      ),
  );

  r.post(
    routePath('staffPhoneOrderPromo'),
    {
      config: { access: phoneStaff },
      schema: {
        tags,
        params: phoneOrderParams,
        body: phoneOrderPromoRequest,
        response: { 200: envelope(orderData) },
      },
    },
    async (request, reply) =>
      sendData(
        reply,
        await applyPhoneOrderPromo(
          deps,
          contextOf(request),
          request.params.orderId,
          request.body.promoCode,
        ),
        'Promo code applied',
      ),
  );

  r.delete(
    routePath('staffPhoneOrderPromo'),
    {
      config: { access: phoneStaff },
      schema: { tags, params: phoneOrderParams, response: { 200: envelope(orderData) } },
    },
    async (request, reply) =>
      sendData(
        reply,
        await removePhoneOrderPromo(deps, contextOf(request), request.params.orderId),
        'Promo code removed',
      ),
  );

  // 200 placed (or link sent), 402 declined; a retry with the same key answers the same.
  r.post(
    routePath('phoneOrder'),
    {
      config: { access: phoneStaff },
      schema: {
        tags,
        headers: idempotencyHeaders,
        body: phoneOrderRequest,
        response: { 200: envelope(phoneOrderData), 402: errorEnvelope },
      },
    },
    async (request, reply) =>
      sendPlaced(
        reply,
        await placePhoneOrder(
          deps,
          contextOf(request),
          request.body,
          request.headers['idempotency-key'],
        ),
      ),
  );
}

/** The patient's side of a payment link: see what it pays, then pay it. */
export function paymentLinkRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment-links'];

  r.get(
    routePath('paymentLink'),
    {
      config: { access: linkHolder },
      schema: {
        tags,
        params: paymentLinkParams,
        response: { 200: envelope(paymentLinkData), 404: errorEnvelope, 410: errorEnvelope },
      },
    },
    async (request, reply) => sendData(reply, await paymentLinkView(deps, request.params.token)),
  );

  r.post(
    routePath('paymentLinkPay'),
    {
      config: { access: linkHolder },
      schema: {
        tags,
        params: paymentLinkParams,
        headers: idempotencyHeaders,
        body: payPaymentLinkRequest,
        response: {
          200: envelope(paymentLinkPaidData),
          402: errorEnvelope,
          404: errorEnvelope,
          410: errorEnvelope,
        },
      },
    },
    async (request, reply) =>
      sendPaidLink(
        reply,
        await payPaymentLink(
          deps,
          contextOf(request),
          request.params.token,
          request.body,
          request.headers['idempotency-key'],
        ),
      ),
  );
}
