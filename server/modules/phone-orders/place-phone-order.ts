import { and, eq, inArray } from 'drizzle-orm';
import type { PhoneOrderPayment, PhoneOrderRequest } from '../../../shared/contracts/phone-orders';
import { users } from '../../db/schema/identity';
import { orders } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import type { RequestContext } from '../auth/request-context';
import { openStatuses } from '../orders/order-status';
import {
  type IdempotentResponse,
  type KeepAnswer,
  requestHashOf,
  withIdempotency,
} from '../payments/idempotency';
import { type CardSource, type PayOrderResult, payOrder } from '../payments/pay-order';
import { paidSummary, paymentAnswer } from '../payments/payment-answer';
import { maskEmail } from '../registration/mask-email';
import { phoneAgentOf, type StaffPrincipal } from './acting-for-patient';
import { sendPaymentLink } from './send-payment-link';
import { phoneOrderOf } from './service';

function cardSourceOf(payment: Exclude<PhoneOrderPayment, { kind: 'payment-link' }>): CardSource {
  if (payment.kind === 'saved-card') return { kind: 'saved', cardId: payment.cardId };
  const { kind: _kind, saveCard, ...card } = payment;
  return { kind: 'new', card, save: saveCard === true };
}

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
  idempotency: { key: string; keepAnswer: KeepAnswer },
): Promise<IdempotentResponse> {
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
  const answerOf = (result: PayOrderResult) =>
    phoneOrderAnswer(result, patient ? maskEmail(patient.email) : null);
  const result = await payOrder(deps, context, {
    orderId: order.id,
    card: cardSourceOf(input.payment),
    idempotencyKey: idempotency.key,
    actor: agent,
    onSettled: (tx, settled) => idempotency.keepAnswer(tx, answerOf(settled)),
  });
  return answerOf(result);
}

function phoneOrderAnswer(
  result: PayOrderResult,
  receiptSentTo: string | null,
): IdempotentResponse {
  return paymentAnswer(result, {
    message: 'Order placed',
    data: (paid) => ({
      outcome: 'paid',
      orderId: paid.orderId,
      ...paidSummary(paid, receiptSentTo),
    }),
  });
}

/**
 * POST Order/PhoneOrder: places the phone order an agent built, paid now by card or later
 * through a payment link. Runs once per Idempotency-Key (per agent): a double click or a
 * retry answers the first answer and never charges or sends twice; a retry while the first
 * still runs gets 409.
 */
export async function placePhoneOrder(
  deps: AppDeps,
  context: RequestContext,
  body: PhoneOrderRequest,
  key: string,
): Promise<IdempotentResponse & { replayed: boolean }> {
  const agent = phoneAgentOf(context);
  const scope = `phone-order:${agent.userId}`;
  return withIdempotency(
    deps.database.db,
    { scope, key, requestHash: requestHashOf(deps.config.serverSecret, body) },
    async (keepAnswer) => {
      const { payment } = body;
      if (payment.kind === 'payment-link') {
        const data = await sendPaymentLink(deps, context, agent, {
          orderId: body.orderId,
          channel: payment.channel,
        });
        return { status: 200, body: { Data: data, Message: 'Payment link sent', status: 200 } };
      }
      return chargePhoneOrder(
        deps,
        context,
        agent,
        { orderId: body.orderId, payment },
        { key: `${scope}:${key}`, keepAnswer },
      );
    },
  );
}
