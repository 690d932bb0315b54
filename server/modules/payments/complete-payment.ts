import { and, eq, sql } from 'drizzle-orm';
import { StageBit } from '../../../shared/checkout/stage-bits';
import type { PayNowData } from '../../../shared/contracts/payments';
import { AppError, fail, isAppError } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { orders, payments } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { recordAttempt } from '../auth/throttle';
import { partsOf } from '../orders/order-parts';
import { type PricedOrder, priceOrder } from '../orders/order-pricing';
import type { OrderRow } from '../orders/order-queries';
import { markStageComplete } from '../orders/order-stages';
import { moveStatus } from '../orders/order-status';
import { orderView } from '../orders/order-view';
import { bookHeldSlot } from '../scheduling/slot-holds';
import { openVisit } from '../visits/open-visit';
import { saveTokenizedCard } from './card-service';
import { assertPayable, declineAccountOf, needsConsult } from './payable';
import { checkPromo, dropLease, type PaymentRow } from './pending-payments';
import { receiptEmail } from './receipt';

export type PayOrderResult =
  | { outcome: 'paid'; data: PayNowData }
  | { outcome: 'declined'; declineCode: string; message: string };

/** What the gateway said of a pending payment's charge; a free order has no charge. */
export type ChargeOutcome =
  | { ok: true; chargeId: string | null }
  | { ok: false; declineCode: string; message: string };

/** Runs in the transaction that records the outcome: the caller keeps its answer there. */
export type OnSettled = (tx: DbOrTx, result: PayOrderResult) => Promise<void>;

/**
 * Records what the gateway answered for a pending payment, in one transaction: paid (card
 * saved if asked, promo use taken, slot booked, order moved on, audit, receipt queued, the
 * caller's answer kept) or declined. When the payment was settled meanwhile by another
 * process, answers what it recorded. If the order cannot be completed after a charge (it
 * changed, was cancelled, lost its slot), the charge is refunded; if the recording itself
 * failed, the payment stays pending and the answer is a 503 (the retry records it).
 */
export async function completePayment(
  deps: AppDeps,
  context: RequestContext,
  pending: PaymentRow,
  charge: ChargeOutcome,
  onSettled?: OnSettled,
): Promise<PayOrderResult> {
  let receiptId: number | null = null;
  let result: PayOrderResult;
  try {
    result = await deps.database.db.transaction(async (tx) => {
      const order = await lockOrder(tx, pending.orderId);
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, pending.id))
        .for('update');
      if (!payment) throw new Error('payment vanished while being completed');
      if (payment.status !== 'pending') return answerOfPayment(deps, tx, order, payment);

      if (!charge.ok) {
        await tx
          .update(payments)
          .set({ status: 'failed', declineCode: charge.declineCode, leaseUntil: null })
          .where(eq(payments.id, payment.id));
        await recordAttempt(tx, {
          method: 'card-decline',
          ip: context.ip,
          account: declineAccountOf(order),
          success: false,
        });
        await writeAudit(tx, context, {
          action: 'payment.declined',
          outcome: 'failure',
          subject: `order:${order.id}`,
          detail: { declineCode: charge.declineCode, amountCents: payment.amountCents },
        });
        const declined: PayOrderResult = {
          outcome: 'declined',
          declineCode: charge.declineCode,
          message: charge.message,
        };
        await onSettled?.(tx, declined);
        return declined;
      }

      const paid = await recordPaid(deps, context, tx, order, payment, charge.chargeId);
      receiptId = paid.receipt ? await deps.notifier.queue(tx, paid.receipt) : null;
      await onSettled?.(tx, paid.result);
      return paid.result;
    });
  } catch (error) {
    if (!charge.ok || !charge.chargeId) throw error;
    // The order refused the charge (it changed, was cancelled, lost its slot): money back.
    if (isAppError(error) && error.status < 500) {
      throw await reverse(deps, context, pending, charge.chargeId, error);
    }
    // Anything else (the database went away mid-way): the charge is kept at the gateway and
    // the payment stays pending, for the client's retry or the recovery job to record.
    context.log?.error({ err: error, paymentId: pending.id }, 'charged payment not recorded yet');
    await dropLease(deps.database.db, pending.id).catch(() => undefined);
    throw new AppError('unavailable', messages.paymentNotConfirmed);
  }
  if (receiptId !== null) {
    // After the commit: the payment stands even if the mail cannot go out now.
    const id = receiptId;
    await deps.notifier.deliver(id).catch((error: unknown) => {
      context.log?.warn({ err: error, orderId: pending.orderId }, 'receipt email failed');
    });
  }
  return result;
}

async function lockOrder(tx: DbOrTx, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error('order vanished while being paid');
  return order;
}

async function recordPaid(
  deps: AppDeps,
  context: RequestContext,
  tx: DbOrTx,
  order: OrderRow,
  payment: PaymentRow,
  chargeId: string | null,
) {
  assertPayable(order);
  const priced = await priceOrder(deps, tx, order);
  // The cart was edited after the reservation: what was charged is not what is ordered.
  if (priced.totals.totalCents !== payment.amountCents) {
    throw fail.conflict(messages.paymentOrderChanged);
  }
  await checkPromo(tx, priced, { take: true });
  let cardId = payment.cardId;
  if (payment.saveCard && order.userId && payment.gatewayToken) {
    const saved = await saveTokenizedCard(
      tx,
      order.userId,
      {
        token: payment.gatewayToken,
        brand: payment.cardBrand ?? 'unknown',
        last4: payment.cardLast4 ?? '',
        expMonth: payment.cardExpMonth ?? 0,
        expYear: payment.cardExpYear ?? 0,
      },
      { holderName: payment.holderName },
    );
    cardId = saved.id;
  }
  const [succeeded] = await tx
    .update(payments)
    .set({ status: 'succeeded', gatewayChargeId: chargeId, cardId, leaseUntil: null })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!succeeded) throw new Error('payment not recorded');
  if (await bookHeldSlot(tx, order.id)) await openVisit(tx, order.id);
  await markStageComplete(tx, order.id, StageBit.Payment);

  // priceOrder above froze the items at the catalog's prices; once paid they stay.
  const paidAt = new Date();
  const current = await moveStatus(
    tx,
    order,
    needsConsult(priced) ? 'in-review' : 'approved',
    payment.actorId,
    { via: 'paid', set: { paidAt, orderNumber: sql`'SF-' || nextval('order_number_seq')::text` } },
  );
  await writeAudit(tx, context, {
    action: 'payment.succeeded',
    outcome: 'success',
    subject: `order:${order.id}`,
    detail: {
      paymentId: payment.id,
      amountCents: payment.amountCents,
      orderNumber: current.orderNumber,
    },
  });

  // Priced once in this transaction: the totals are those just frozen; the items are read
  // again for their stages (Payment now done).
  // Read again: the slot is booked and the payment step done since the order was priced.
  const parts = await partsOf(tx, current);
  const paidOrder = { ...priced, order: current, parts, items: parts.items };
  const data = await paidDataOf(deps, tx, paidOrder, succeeded);
  const [owner] = order.userId
    ? await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId))
    : [];
  const receipt = owner
    ? receiptEmail({
        to: owner.email,
        orderNumber: data.orderNumber,
        paidAt,
        items: priced.items.map((item) => ({
          name: priced.products.get(item.productId)?.displayName ?? 'Product',
          qty: item.qty,
          unitPriceCents: item.unitPriceCents,
        })),
        totals: priced.totals,
        card: data.card,
      })
    : null;
  return { result: { outcome: 'paid', data } as PayOrderResult, receipt };
}

/** What PayNow answers for a paid order: the payment, and the order as the patient sees it. */
async function paidDataOf(
  deps: AppDeps,
  tx: DbOrTx,
  priced: PricedOrder,
  payment: PaymentRow,
): Promise<PayNowData> {
  const { order } = priced;
  const view = await orderView(deps, tx, priced);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber ?? '',
    status: order.status,
    paidAt: (order.paidAt ?? payment.createdAt).toISOString(),
    amount: payment.amountCents / 100,
    amountCents: payment.amountCents,
    paymentId: payment.id,
    card: { brand: payment.cardBrand ?? 'unknown', last4: payment.cardLast4 ?? '' },
    order: view,
  };
}

/** The answer a settled payment gives: paid, declined, or reversed (a final 5xx). */
export async function answerOfPayment(
  deps: AppDeps,
  tx: DbOrTx,
  order: OrderRow,
  payment: PaymentRow,
): Promise<PayOrderResult> {
  if (payment.status === 'succeeded') {
    return {
      outcome: 'paid',
      data: await paidDataOf(deps, tx, await priceOrder(deps, tx, order), payment),
    };
  }
  if (payment.status === 'failed') {
    return {
      outcome: 'declined',
      declineCode: payment.declineCode ?? 'card_declined',
      message: declineMessageOf(payment.declineCode),
    };
  }
  throw new AppError('internal', messages.paymentReversed);
}

const declineMessages: Record<string, string> = {
  insufficient_funds: messages.cardInsufficientFunds,
  expired_card: messages.cardExpired,
  incorrect_cvc: messages.cardIncorrectCvc,
};

function declineMessageOf(code: string | null): string {
  return (code && declineMessages[code]) || messages.cardDeclined;
}

/**
 * The request's own payment of this order, when it already succeeded (a retry whose first
 * answer was lost): answered again rather than refused as "already paid".
 */
export async function earlierAnswerOf(
  deps: AppDeps,
  order: OrderRow,
  requestKey: string,
): Promise<PayOrderResult | null> {
  const { db } = deps.database;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.requestKey, requestKey)))
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  if (!payment || payment.status === 'pending') return null;
  if (payment.status === 'failed') return null; // a declined attempt may be tried again
  return answerOfPayment(deps, db, order, payment);
}

/** The charge went through but the order could not be completed: give the money back. */
async function reverse(
  deps: AppDeps,
  context: RequestContext,
  payment: PaymentRow,
  chargeId: string,
  cause: unknown,
): Promise<AppError> {
  const refund = await deps.payments
    .refund({ chargeId, amountCents: payment.amountCents, idempotencyKey: `reverse:${payment.id}` })
    .catch((error: unknown) => ({ ok: false as const, message: String(error) }));
  if (refund.ok) {
    await deps.database.db
      .update(payments)
      .set({ status: 'refunded', gatewayChargeId: chargeId, leaseUntil: null })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
  }
  context.log?.error(
    { err: cause, orderId: payment.orderId, chargeId, refunded: refund.ok },
    refund.ok ? 'payment reversed after a failure' : 'payment failed and its refund failed too',
  );
  // The 4xx that stopped the order (it changed, its slot went) says so; the money is back.
  return refund.ok && cause instanceof AppError
    ? cause
    : new AppError('internal', messages.paymentReversed);
}
