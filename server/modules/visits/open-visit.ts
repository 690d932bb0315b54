import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { visits } from '../../db/schema/visits';
import { assertVisitMove } from './visit-status';

/** A paid order's booked time becomes its visit (in the payment's transaction). Idempotent. */
export async function openVisit(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.insert(visits).values({ orderId }).onConflictDoNothing();
}

/**
 * A reschedule (in the caller's transaction, the order locked): the visit starts over at its
 * new time, reminders to be sent again. One that began or ended cannot move.
 */
export async function restartVisit(tx: DbOrTx, orderId: string, now: Date): Promise<void> {
  const [visit] = await tx
    .select({ status: visits.status })
    .from(visits)
    .where(eq(visits.orderId, orderId))
    .for('update');
  if (!visit) return openVisit(tx, orderId);
  assertVisitMove(visit.status, 'scheduled', messages.visitNotReschedulable);
  await tx
    .update(visits)
    .set({
      status: 'scheduled',
      outcome: null,
      patientJoinedAt: null,
      missedAt: null,
      remindedDayAt: null,
      remindedSoonAt: null,
      updatedAt: now,
    })
    .where(eq(visits.orderId, orderId));
}

/** An order cancelled or refunded takes its visit with it, unless the visit already ended. */
export async function cancelVisit(tx: DbOrTx, orderId: string, now: Date): Promise<void> {
  const [visit] = await tx
    .select({ status: visits.status })
    .from(visits)
    .where(eq(visits.orderId, orderId))
    .for('update');
  if (!visit || visit.status === 'ended' || visit.status === 'cancelled') return;
  await tx
    .update(visits)
    .set({ status: 'cancelled', updatedAt: now })
    .where(eq(visits.orderId, orderId));
}
