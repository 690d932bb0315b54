import { and, asc, eq, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { doctorSlots } from '../../db/schema/care-network';
import { orders } from '../../db/schema/orders';

export type SlotRow = typeof doctorSlots.$inferSelect;

/** How long a slot stays reserved for an order while its checkout goes on. */
export const holdMinutes = 15;

export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + holdMinutes * 60_000);
}

/** SQL: a slot nobody booked and nobody holds, or whose hold has run out. */
export function isFreeSql(now: Date) {
  return and(
    isNull(doctorSlots.bookedByOrderId),
    or(
      isNull(doctorSlots.heldByOrderId),
      isNull(doctorSlots.heldUntil),
      lte(doctorSlots.heldUntil, now),
    ),
  );
}

/** Whether another order holds the slot right now (an expired hold no longer counts). */
export function heldByAnother(slot: SlotRow, orderId: string, now: Date): boolean {
  return (
    slot.heldByOrderId !== null &&
    slot.heldByOrderId !== orderId &&
    slot.heldUntil !== null &&
    slot.heldUntil > now
  );
}

export type SlotAvailability = 'free' | 'taken' | 'passed';

/** Whether an order may take a slot: not booked or held by another order, and still ahead. */
export function availabilityFor(slot: SlotRow, orderId: string, now: Date): SlotAvailability {
  if (slot.bookedByOrderId !== null && slot.bookedByOrderId !== orderId) return 'taken';
  if (heldByAnother(slot, orderId, now)) return 'taken';
  if (slot.startsAt <= now) return 'passed';
  return 'free';
}

/**
 * Locks slot rows (SELECT ... FOR UPDATE) in id order: two transactions that lock overlapping
 * slots always take them in the same order, so they wait for each other instead of deadlocking.
 * The rows come back as they are once the lock is ours, so the checks that follow see the
 * other transaction's committed hold or booking.
 */
export async function lockSlots(db: DbOrTx, where: SQL | undefined): Promise<SlotRow[]> {
  return db.select().from(doctorSlots).where(where).orderBy(asc(doctorSlots.id)).for('update');
}

export function lockSlotsById(db: DbOrTx, ids: readonly number[]): Promise<SlotRow[]> {
  return lockSlots(db, inArray(doctorSlots.id, [...ids]));
}

/** Drops the order's holds on slots other than `keepSlotId`. */
export async function releaseHoldsOf(
  db: DbOrTx,
  orderId: string,
  keepSlotId?: number,
): Promise<void> {
  const conditions = [eq(doctorSlots.heldByOrderId, orderId)];
  if (keepSlotId !== undefined) conditions.push(ne(doctorSlots.id, keepSlotId));
  await db
    .update(doctorSlots)
    .set({ heldByOrderId: null, heldUntil: null })
    .where(and(...conditions));
}

/** Reserves a slot for an order for `holdMinutes` from now (the caller has locked and checked it). */
export async function holdSlot(
  db: DbOrTx,
  slotId: number,
  orderId: string,
  now: Date,
): Promise<void> {
  await db
    .update(doctorSlots)
    .set({ heldByOrderId: orderId, heldUntil: holdExpiry(now) })
    .where(eq(doctorSlots.id, slotId));
}

async function slotIdOfOrder(db: DbOrTx, orderId: string): Promise<number | null> {
  const [row] = await db
    .select({ slotId: orders.slotId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.slotId ?? null;
}

/**
 * For the payment step, right before charging (inside its transaction): checks that the
 * order's slot is still the order's and renews its hold, so that nobody takes it while the
 * charge runs. False when another order has booked it or holds it now, or its time has passed:
 * the patient must choose another time. True when the order has no slot (visit type 3, OTC).
 */
export async function extendHoldForPayment(
  db: DbOrTx,
  orderId: string,
  now = new Date(),
): Promise<boolean> {
  const slotId = await slotIdOfOrder(db, orderId);
  if (slotId === null) return true;
  const [slot] = await lockSlotsById(db, [slotId]);
  if (!slot) return false;
  if (slot.bookedByOrderId === orderId) return true;
  if (availabilityFor(slot, orderId, now) !== 'free') return false;
  await holdSlot(db, slot.id, orderId, now);
  return true;
}

/**
 * For a payment link (inside the transaction that sends it): renews the order's hold as for a
 * payment, then keeps it until the link expires, or the visit starts if sooner. False as
 * `extendHoldForPayment` is.
 */
export async function holdForPaymentLink(
  db: DbOrTx,
  orderId: string,
  until: Date,
  now = new Date(),
): Promise<boolean> {
  if (!(await extendHoldForPayment(db, orderId, now))) return false;
  await db
    .update(doctorSlots)
    .set({ heldUntil: sql`least(${until.toISOString()}::timestamptz, ${doctorSlots.startsAt})` })
    .where(eq(doctorSlots.heldByOrderId, orderId));
  return true;
}

/**
 * For the payment step, once charged (inside its transaction): books the order's slot for good
 * and clears the hold. Idempotent for the same order; 409 when another order booked the slot or
 * holds it now. Null when the order has no slot.
 */
export async function bookHeldSlot(
  db: DbOrTx,
  orderId: string,
  now = new Date(),
): Promise<SlotRow | null> {
  const slotId = await slotIdOfOrder(db, orderId);
  if (slotId === null) return null;
  const [slot] = await lockSlotsById(db, [slotId]);
  if (!slot) throw fail.conflict(messages.slotTaken);
  if (slot.bookedByOrderId === orderId) return slot;
  if (slot.bookedByOrderId !== null || heldByAnother(slot, orderId, now)) {
    throw fail.conflict(messages.slotTaken);
  }
  // An order books one slot (a unique index says so): a stale booking of another slot goes.
  await db
    .update(doctorSlots)
    .set({ bookedByOrderId: null })
    .where(and(eq(doctorSlots.bookedByOrderId, orderId), ne(doctorSlots.id, slot.id)));
  const [booked] = await db
    .update(doctorSlots)
    .set({ bookedByOrderId: orderId, heldByOrderId: null, heldUntil: null })
    .where(eq(doctorSlots.id, slot.id))
    .returning();
  return booked ?? null;
}
