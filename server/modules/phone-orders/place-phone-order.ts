import { and, eq, inArray } from 'drizzle-orm';
import type {
  PhoneOrderData,
  PhoneOrderPayment,
  PhoneOrderRequest,
} from '../../../shared/contracts/phone-orders';
import { users } from '../../db/schema/identity';
import { orders } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import type { RequestContext } from '../auth/request-context';
import { openStatuses } from '../orders/order-status';
import {
  type IdempotentResult,
  type KeepResult,
  requestHashOf,
  withIdempotency,
} from '../payments/idempotency';
import { type CardSource, type PayOrderResult, payOrder } from '../payments/pay-order';
import { maskEmail } from '../registration/mask-email';
import { phoneAgentOf, type StaffPrincipal } from './acting-for-patient';
import { sendPaymentLink } from './send-payment-link';
import { phoneOrderOf } from './service';

function cardSourceOf(payment: Exclude<PhoneOrderPayment, { kind: 'payment-link' }>): CardSource {
  if (payment.kind === 'saved-card') return { kind: 'saved', cardId: payment.cardId };
  const { kind: _kind, saveCard, ...card } = payment;
  return { kind: 'new', card, save: saveCard === true };
}

/** What placing a phone order did: a payment link went out, or the card was charged. */
export type PlacedPhoneOrder =
  | { kind: 'link-sent'; link: PhoneOrderData }
  | { kind: 'charged'; payment: PayOrderResult; receiptSentTo: string | null };

/**
 * Charges the phone order now, with one of the patient's saved cards or a card read over the
 * phone (it goes to the gateway for a token and nowhere else). The agent who submits it is
 * recorded as the one who placed it; the receipt goes to the patient (payOrder sends it).
 */
async function chargePhoneOrder(
  deps: AppDeps,
  context: RequestContext,
  agent: StaffPrincipal,
  input: { orderId: string; payment: Exclude<PhoneOrderPayment, { kind: 'payment-link' }> },
  idempotency: { key: string; keepResult: KeepResult<PlacedPhoneOrder> },
): Promise<PlacedPhoneOrder> {
  const { db } = deps.database;
  const order = await phoneOrderOf(db, agent, input.orderId);
  // Whoever takes the payment placed the order (the cart may have been built by a colleague).
  await db
    .update(orders)
    .set({ placedByAgentId: agent.userId })
    .where(
      and(eq(orders.id, order.id), inArray(orders.status, [...openStatuses, 'awaiting-payment'])),
    );
  const [patient] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, order.userId));
  const receiptSentTo = patient ? maskEmail(patient.email) : null;
  const charged = (payment: PayOrderResult): PlacedPhoneOrder => ({
    kind: 'charged',
    payment,
    receiptSentTo,
  });
  const payment = await payOrder(deps, context, {
    orderId: order.id,
    card: cardSourceOf(input.payment),
    idempotencyKey: idempotency.key,
    actor: agent,
    onSettled: (tx, settled) => idempotency.keepResult(tx, charged(settled)),
  });
  return charged(payment);
}

/**
 * POST Order/PhoneOrder: places the phone order an agent built, paid now by card or later
 * through a payment link. Runs once per Idempotency-Key (per agent): a double click or a
 * retry gets the first result and never charges or sends twice; a retry while the first
 * still runs gets 409.
 */
export async function placePhoneOrder(
  deps: AppDeps,
  context: RequestContext,
  body: PhoneOrderRequest,
  key: string,
): Promise<IdempotentResult<PlacedPhoneOrder>> {
  const agent = phoneAgentOf(context);
  const scope = `phone-order:${agent.userId}`;
  return withIdempotency<PlacedPhoneOrder>(
    deps.database.db,
    { scope, key, requestHash: requestHashOf(deps.config.serverSecret, body) },
    async (keepResult) => {
      const { payment } = body;
      if (payment.kind === 'payment-link') {
        const link = await sendPaymentLink(deps, context, agent, {
          orderId: body.orderId,
          channel: payment.channel,
        });
        return { kind: 'link-sent', link };
      }
      return chargePhoneOrder(
        deps,
        context,
        agent,
        { orderId: body.orderId, payment },
        { key: `${scope}:${key}`, keepResult },
      );
    },
  );
}
