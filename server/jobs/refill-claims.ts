import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { RefillRunSummary } from '../../shared/contracts/auto-refill';
import { users } from '../db/schema/identity';
import { autoRefills, refillRuns } from '../db/schema/orders';
import type { AppDeps } from '../deps';
import type { OutgoingMessage } from '../integrations/notifier/notifier';
import { refillFailedEmail, sendQuietly } from './refill-emails';
import { createRefillOrder } from './refill-order';

import type { JobLogger } from './schedule';

export type RunStatus = 'placed' | 'declined' | 'failed';

export type { JobLogger } from './schedule';

export type RunReport = RefillRunSummary['runs'][number];

/**
 * A claimed run whose charge is not settled yet carries this detail (the run statuses are
 * final ones only). A runner that dies between the claim and the settlement leaves it behind;
 * a later pass resumes it with the same idempotency key, so the card is charged at most once.
 */
const settling = 'settling';
/** A claim left settling this long belongs to a runner that died. */
const abandonedAfterMinutes = 10;
const dayMs = 86_400_000;

/** A refill claimed for one due date, with its order made and waiting for the charge. */
export interface Claim {
  runId: number;
  autoRefillId: string;
  dueAt: Date;
  nextRunAt: Date;
  userId: string;
  orderId: string;
  cardId: string;
}

/** The first due date after `now` on the refill's schedule: missed dates are skipped, not piled up. */
export function nextDueAfter(dueAt: Date, intervalDays: number, now: Date): Date {
  const interval = intervalDays * dayMs;
  const steps = Math.max(1, Math.floor((now.getTime() - dueAt.getTime()) / interval) + 1);
  return new Date(dueAt.getTime() + steps * interval);
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: Claim }
  /** Ended at the claim: the order could not be made. */
  | { kind: 'done'; report: RunReport }
  /** Its due date was claimed before (a due date moved back by hand): only moved on. */
  | { kind: 'skipped' };

/**
 * Claims the next due refill in one transaction: locks it (FOR UPDATE SKIP LOCKED, so other
 * runners take other refills), moves its next run on, inserts the refill_runs row of its due
 * date (unique: a due date is claimed once, whatever the number of runners) and makes its order.
 * Null when nothing is due.
 */
export async function claimNextDue(
  deps: AppDeps,
  now: Date,
  logger: JobLogger | undefined,
): Promise<ClaimOutcome | null> {
  const { db } = deps.database;
  // Set inside the transaction, used after it (an object: TS does not track closures' writes).
  const after: { refill: DueRefill | null; notice: OutgoingMessage | null } = {
    refill: null,
    notice: null,
  };
  let outcome: ClaimOutcome | null;
  try {
    outcome = await db.transaction(async (tx): Promise<ClaimOutcome | null> => {
      const [refill] = await tx
        .select()
        .from(autoRefills)
        .where(
          and(
            eq(autoRefills.active, true),
            isNull(autoRefills.pausedAt),
            lte(autoRefills.nextRunAt, now),
          ),
        )
        .orderBy(asc(autoRefills.nextRunAt), asc(autoRefills.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!refill) return null;
      after.refill = { id: refill.id, dueAt: refill.nextRunAt, intervalDays: refill.intervalDays };
      const dueAt = refill.nextRunAt;
      const nextRunAt = nextDueAfter(dueAt, refill.intervalDays, now);
      await tx.update(autoRefills).set({ nextRunAt }).where(eq(autoRefills.id, refill.id));
      const [run] = await tx
        .insert(refillRuns)
        .values({ autoRefillId: refill.id, dueAt, status: 'failed', detail: settling })
        .onConflictDoNothing()
        .returning({ id: refillRuns.id });
      if (!run) return { kind: 'skipped' };

      const made = await createRefillOrder(tx, refill);
      if (!made.ok) {
        await tx.update(refillRuns).set({ detail: made.reason }).where(eq(refillRuns.id, run.id));
        await tx
          .update(autoRefills)
          .set({ lastRunAt: now, lastResult: `failed: ${made.reason}` })
          .where(eq(autoRefills.id, refill.id));
        const [owner] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, refill.userId));
        if (owner) {
          after.notice = refillFailedEmail({
            to: owner.email,
            productName: made.productName,
            reason: made.reason,
            nextRunAt,
          });
        }
        return {
          kind: 'done',
          report: report(refill.id, dueAt, 'failed', null, made.reason),
        };
      }
      await tx.update(refillRuns).set({ orderId: made.orderId }).where(eq(refillRuns.id, run.id));
      if (made.cardId !== refill.cardId) {
        // Its card was removed: the default card pays, from now on (a resumed claim reads it here).
        await tx
          .update(autoRefills)
          .set({ cardId: made.cardId })
          .where(eq(autoRefills.id, refill.id));
      }
      return {
        kind: 'claimed',
        claim: {
          runId: run.id,
          autoRefillId: refill.id,
          dueAt,
          nextRunAt,
          userId: refill.userId,
          orderId: made.orderId,
          cardId: made.cardId,
        },
      };
    });
  } catch (error) {
    if (!after.refill) throw error;
    logger?.error({ err: error, autoRefillId: after.refill.id }, 'auto-refill claim failed');
    return skipFailingRefill(deps, after.refill, now, error);
  }
  if (after.notice) await sendQuietly(deps, after.notice);
  return outcome;
}

interface DueRefill {
  id: string;
  dueAt: Date;
  intervalDays: number;
}

/**
 * A refill whose claim threw (a bug, bad data) is recorded as failed and moved to its next
 * date in a transaction of its own, so that one bad refill cannot stop the job for all the
 * others. When even that fails (the database is away), the error goes up and the pass ends.
 */
async function skipFailingRefill(
  deps: AppDeps,
  refill: DueRefill,
  now: Date,
  error: unknown,
): Promise<ClaimOutcome> {
  const detail = 'Unexpected error.';
  try {
    await deps.database.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: autoRefills.id })
        .from(autoRefills)
        .where(and(eq(autoRefills.id, refill.id), eq(autoRefills.nextRunAt, refill.dueAt)))
        .for('update', { skipLocked: true });
      if (!locked) return; // another runner moved it on meanwhile
      await tx
        .update(autoRefills)
        .set({
          nextRunAt: nextDueAfter(refill.dueAt, refill.intervalDays, now),
          lastRunAt: now,
          lastResult: `failed: ${detail}`,
        })
        .where(eq(autoRefills.id, refill.id));
      await tx
        .insert(refillRuns)
        .values({ autoRefillId: refill.id, dueAt: refill.dueAt, status: 'failed', detail })
        .onConflictDoNothing();
    });
  } catch {
    throw error;
  }
  return { kind: 'done', report: report(refill.id, refill.dueAt, 'failed', null, detail) };
}

/**
 * Claims left settling by a runner that died, taken over one pass at a time: the take-over
 * renews their time stamp in the same locked transaction, so two runners never resume one.
 */
export async function takeAbandonedClaims(deps: AppDeps, limit: number): Promise<Claim[]> {
  return deps.database.db.transaction(async (tx) => {
    const stale = await tx
      .select({
        runId: refillRuns.id,
        autoRefillId: refillRuns.autoRefillId,
        dueAt: refillRuns.dueAt,
        orderId: refillRuns.orderId,
        userId: autoRefills.userId,
        cardId: autoRefills.cardId,
        nextRunAt: autoRefills.nextRunAt,
      })
      .from(refillRuns)
      .innerJoin(autoRefills, eq(autoRefills.id, refillRuns.autoRefillId))
      .where(
        and(
          eq(refillRuns.status, 'failed'),
          eq(refillRuns.detail, settling),
          lte(refillRuns.at, sql`now() - make_interval(mins => ${abandonedAfterMinutes})`),
        ),
      )
      .orderBy(asc(refillRuns.id))
      .limit(limit)
      .for('update', { of: refillRuns, skipLocked: true });
    const claims: Claim[] = [];
    for (const row of stale) {
      if (!row.orderId || !row.cardId) {
        // Nothing to charge (cannot happen: the claim makes its order): closed as failed.
        await tx
          .update(refillRuns)
          .set({ detail: 'Interrupted.' })
          .where(eq(refillRuns.id, row.runId));
        continue;
      }
      await tx.update(refillRuns).set({ at: sql`now()` }).where(eq(refillRuns.id, row.runId));
      claims.push({ ...row, orderId: row.orderId, cardId: row.cardId });
    }
    return claims;
  });
}

export function report(
  autoRefillId: string,
  dueAt: Date,
  status: RunStatus,
  orderId: string | null,
  detail: string | null,
): RunReport {
  return { autoRefillId, dueAt: dueAt.toISOString(), status, orderId, detail };
}
