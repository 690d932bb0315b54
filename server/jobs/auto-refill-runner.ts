import { eq } from 'drizzle-orm';
import type { RefillRunSummary } from '../../shared/contracts/auto-refill';
import { isAppError } from '../../shared/errors/app-error';
import { products } from '../db/schema/catalog';
import { users } from '../db/schema/identity';
import { autoRefills, orders, refillRuns } from '../db/schema/orders';
import type { AppDeps } from '../deps';
import type { Principal } from '../modules/auth/principal';
import { jobContext } from '../modules/auth/request-context';
import { moveStatus } from '../modules/orders/order-status';
import { payOrder } from '../modules/payments/pay-order';
import {
  type Claim,
  claimNextDue,
  type JobLogger,
  type RunReport,
  type RunStatus,
  report,
  takeAbandonedClaims,
} from './refill-claims';
import { refillDeclinedEmail, refillFailedEmail, sendQuietly } from './refill-emails';
import { storeRefillTotals } from './refill-order';

export const refillIdempotencyKey = (autoRefillId: string, dueAt: Date) =>
  `refill:${autoRefillId}:${dueAt.toISOString()}`;

/**
 * Places every due auto-refill (active, next run at or before `now`) once: each due date is
 * claimed by inserting its refill_runs row (unique on refill and due date) in the transaction
 * that locks the refill with FOR UPDATE SKIP LOCKED and moves its next run on, so several
 * runners (server processes) share the work and never place one due date twice. The order is
 * then paid with the saved card. A declined card skips that refill to its next date, cancels
 * the unpaid order and tells the patient; so does an order that cannot be made (no card, no
 * address, product gone). The refill stays active either way.
 */
export async function runDueRefills(
  deps: AppDeps,
  options: { now?: Date; limit?: number; logger?: JobLogger } = {},
): Promise<RefillRunSummary> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 50;
  const runs: RunReport[] = [];

  for (const claim of await takeAbandonedClaims(deps, limit))
    runs.push(await settle(deps, claim, options.logger));
  while (runs.length < limit) {
    const next = await claimNextDue(deps, now, options.logger);
    if (next === null) break;
    if (next.kind === 'claimed') runs.push(await settle(deps, next.claim, options.logger));
    else if (next.kind === 'done') runs.push(next.report);
  }
  return {
    placed: runs.filter((r) => r.status === 'placed').length,
    declined: runs.filter((r) => r.status === 'declined').length,
    failed: runs.filter((r) => r.status === 'failed').length,
    runs,
  };
}

/** Charges the claimed refill's order and records how it ended. */
async function settle(
  deps: AppDeps,
  claim: Claim,
  logger: JobLogger | undefined,
): Promise<RunReport> {
  const { db } = deps.database;
  const [owner] = await db
    .select({ email: users.email, productName: products.displayName })
    .from(autoRefills)
    .innerJoin(users, eq(users.id, autoRefills.userId))
    .innerJoin(products, eq(products.id, autoRefills.productId))
    .where(eq(autoRefills.id, claim.autoRefillId));
  // The job pays as the order's owner (a patient paying their own order), not as staff.
  const actor: Principal = {
    kind: 'user',
    apiKey: false,
    tokenId: `auto-refill:${claim.autoRefillId}`,
    userId: claim.userId,
    role: 'patient',
    email: owner?.email ?? '',
  };
  let status: RunStatus;
  let detail: string | null;
  try {
    await storeRefillTotals(deps, claim.orderId);
    const result = await payOrder(deps, jobContext('auto-refill', actor, logger), {
      orderId: claim.orderId,
      card: { kind: 'saved', cardId: claim.cardId },
      idempotencyKey: refillIdempotencyKey(claim.autoRefillId, claim.dueAt),
      actor,
    });
    [status, detail] = result.outcome === 'paid' ? ['placed', null] : ['declined', result.message];
  } catch (error) {
    if (!isAppError(error) || error.status === 503) {
      logger?.error({ err: error, autoRefillId: claim.autoRefillId }, 'auto-refill charge failed');
      // Unexpected (the database went away...), or the charge's outcome not known yet (the
      // gateway could not be reached): left settling, resumed by a later pass, which looks
      // the charge up instead of charging again.
      return report(claim.autoRefillId, claim.dueAt, 'failed', claim.orderId, 'Will be retried.');
    }
    const [order] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, claim.orderId));
    // A resumed claim whose payment went through before its runner died.
    const paidBefore = order && order.status !== 'awaiting-payment' && order.status !== 'cancelled';
    [status, detail] = paidBefore ? ['placed', null] : ['failed', error.message];
  }

  await db.transaction(async (tx) => {
    await tx.update(refillRuns).set({ status, detail }).where(eq(refillRuns.id, claim.runId));
    await tx
      .update(autoRefills)
      .set({ lastRunAt: new Date(), lastResult: detail ? `${status}: ${detail}` : status })
      .where(eq(autoRefills.id, claim.autoRefillId));
    if (status === 'placed') return;
    // The unpaid refill order will not be paid: cancel it, so that it leaves no loose end.
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, claim.orderId))
      .for('update');
    if (order?.status === 'awaiting-payment') {
      await moveStatus(tx, order, 'cancelled', null, {
        note: `Auto-refill not charged: ${detail ?? status}`,
      });
    }
  });
  // On success the payment sends the receipt; a refill that was not charged is told here.
  if (status !== 'placed' && owner) {
    const input = {
      to: owner.email,
      productName: owner.productName,
      reason: detail ?? '',
      nextRunAt: claim.nextRunAt,
    };
    await sendQuietly(
      deps,
      status === 'declined' ? refillDeclinedEmail(input) : refillFailedEmail(input),
    );
  }
  return report(claim.autoRefillId, claim.dueAt, status, claim.orderId, detail);
}
