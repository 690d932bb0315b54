import { z } from 'zod';
import { idempotencyKey } from '../validation/card-rules';
import { promoCode } from '../validation/rules';
import { updateItemsRequest } from './cart';
import { orderTotalsData } from './orders';
import { newCardFields, newCardInput, oneCardForm } from './payments';

const uuid = z.string().uuid();
const cents = z.number().int();

/** POST /api/staff/phone-orders: opens (or returns) the patient's open order as a phone order. */
export const openPhoneOrderRequest = z.object({ patientId: uuid }).strict();
export type OpenPhoneOrderRequest = z.infer<typeof openPhoneOrderRequest>;

/** The `:orderId` of the staff phone-order routes. */
export const phoneOrderParams = z.object({ orderId: uuid }).strict();

/** PATCH /api/staff/phone-orders/:orderId/items: quantities to set (0 removes), as the cart's. */
export const phoneOrderItemsRequest = updateItemsRequest;

/** POST /api/staff/phone-orders/:orderId/promo. */
export const phoneOrderPromoRequest = z.object({ promoCode }).strict();

/** How the patient pays a phone order. */
export const phoneOrderPayment = z.discriminatedUnion('kind', [
  /** One of the patient's saved cards. */
  z.object({ kind: z.literal('saved-card'), cardId: uuid }).strict(),
  /** A card read over the phone: tokenized at once, never stored; saved to the patient's account on request. */
  z
    .object({ kind: z.literal('card'), ...newCardFields, saveCard: z.boolean().optional() })
    .strict()
    .superRefine(oneCardForm),
  /** A link the patient pays themselves, sent by SMS (to their phone) or email. */
  z.object({ kind: z.literal('payment-link'), channel: z.enum(['sms', 'email']) }).strict(),
]);
export type PhoneOrderPayment = z.infer<typeof phoneOrderPayment>;

/**
 * POST /api/order/PhoneOrder (spec §7 "customer-service phone order"): places the order an agent
 * built. Needs the Idempotency-Key header: a retry or a double click answers the first answer.
 */
export const phoneOrderRequest = z.object({ orderId: uuid, payment: phoneOrderPayment }).strict();
export type PhoneOrderRequest = z.infer<typeof phoneOrderRequest>;

export const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKey });

const paidCard = z.object({ brand: z.string(), last4: z.string() });

/** The phone order was charged: its number, status and where the receipt went (masked). */
export const phoneOrderPaidData = z.object({
  outcome: z.literal('paid'),
  orderId: uuid,
  orderNumber: z.string(),
  status: z.string(),
  paidAt: z.string(),
  amountCents: cents,
  card: paidCard,
  receiptSentTo: z.string().nullable(),
});

/** A payment link went out; the order waits for the patient to pay it. */
export const phoneOrderLinkData = z.object({
  outcome: z.literal('link-sent'),
  orderId: uuid,
  status: z.literal('awaiting-payment'),
  channel: z.enum(['sms', 'email']),
  linkSentTo: z.string(),
  expiresAt: z.string(),
  totals: orderTotalsData,
});

export const phoneOrderData = z.discriminatedUnion('outcome', [
  phoneOrderPaidData,
  phoneOrderLinkData,
]);
export type PhoneOrderData = z.infer<typeof phoneOrderData>;

/** The `:token` of a payment link (any string: a wrong one is simply not found). */
export const paymentLinkParams = z.object({ token: z.string() }).strict();

/** GET /api/payment/links/:token: what the patient is asked to pay, without their personal data. */
export const paymentLinkData = z.object({
  storefrontName: z.string(),
  orderNumber: z.string().nullable(),
  items: z.array(
    z.object({
      productId: z.number().int(),
      displayName: z.string(),
      qty: z.number().int(),
      unitPriceCents: cents,
      lineTotalCents: cents,
    }),
  ),
  totals: orderTotalsData,
  expiresAt: z.string(),
});
export type PaymentLinkData = z.infer<typeof paymentLinkData>;

/** POST /api/payment/links/:token/pay (Idempotency-Key header required). */
export const payPaymentLinkRequest = z.object({ card: newCardInput }).strict();
export type PayPaymentLinkRequest = z.infer<typeof payPaymentLinkRequest>;

export const paymentLinkPaidData = z.object({
  orderNumber: z.string(),
  status: z.string(),
  paidAt: z.string(),
  amountCents: cents,
  card: paidCard,
  receiptSentTo: z.string().nullable(),
});
export type PaymentLinkPaidData = z.infer<typeof paymentLinkPaidData>;
