import { and, eq, lt } from 'drizzle-orm';
import { payments } from '../db/schema/orders';
import type { AppDeps } from '../deps';
import { jobContext } from '../modules/auth/request-context';
import { settlePayment } from '../modules/payments/pay-order';
import { takeAbandonedPayment } from '../modules/payments/pending-payments';
import type { JobLogger } from './schedule';

/** A pending payment nobody came back for this long is settled by the job. */
export const unclaimedAfterMs = 60_000;

/**
 * Settles the payments left pending by a process that died, when no client retried: the
 * gateway's record decides (a charge that went through completes the order and queues its
 * receipt; one that did not leaves the order as it was). Safe on every replica at once: each
 * payment is taken by one process (takeAbandonedPayment). Returns how many were settled.
 */
export async function settleAbandonedPayments(
  deps: AppDeps,
  logger?: JobLogger,
  now = new Date(),
): Promise<number> {
  const { db } = deps.database;
  const stale = await db
    .selectDistinct({ orderId: payments.orderId })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lt(payments.createdAt, new Date(now.getTime() - unclaimedAfterMs)),
      ),
    )
    .limit(100);
  let settled = 0;
  for (const { orderId } of stale) {
    const payment = await takeAbandonedPayment(db, orderId);
    if (!payment) continue;
    try {
      const result = await settlePayment(
        deps,
        jobContext('payment-recovery', undefined, logger),
        payment,
      );
      logger?.info({ paymentId: payment.id, outcome: result.outcome }, 'abandoned payment settled');
      settled += 1;
    } catch (error) {
      logger?.error({ err: error, paymentId: payment.id }, 'abandoned payment not settled');
    }
  }
  return settled;
}
