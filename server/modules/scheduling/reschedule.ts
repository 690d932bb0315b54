import { eq } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { doctorSlots } from '../../db/schema/care-network';
import type { OrderStatus } from '../../db/schema/orders';
import { orders } from '../../db/schema/orders';
import type { OrderRow } from '../orders/order-queries';
import { restartVisit } from '../visits/open-visit';
import { findActiveDoctor, isLicensedIn } from './doctor-queries';
import { shippingStateOf } from './service';
import { availabilityFor, lockSlotsById } from './slot-holds';

/** A paid order's visit can move until the doctor has reviewed it. */
export const reschedulableStatuses: readonly OrderStatus[] = ['paid', 'in-review'];

/**
 * RescheduleDoctorForRecentOrder on a paid order the caller has locked: moves its booking to
 * another free slot (of the same doctor or of another doctor licensed in the shipping state)
 * and frees the old one, in the caller's transaction. Both slot rows are locked in id order;
 * a slot another order took first answers 409.
 */
export async function rescheduleVisit(
  tx: DbOrTx,
  order: OrderRow,
  slotId: number,
  now = new Date(),
): Promise<OrderRow> {
  if (!reschedulableStatuses.includes(order.status))
    throw fail.conflict(messages.visitNotReschedulable);
  if (order.slotId === null) throw fail.badRequest(messages.noScheduledVisit);
  const locked = await lockSlotsById(tx, [order.slotId, slotId]);
  const current = locked.find((s) => s.id === order.slotId);
  if (!current || current.bookedByOrderId !== order.id)
    throw fail.badRequest(messages.noScheduledVisit);
  if (slotId === current.id) return order;

  const target = locked.find((s) => s.id === slotId);
  if (!target) throw fail.notFound(messages.slotNotFound);
  const doctor = await findActiveDoctor(tx, target.doctorId);
  if (!doctor) throw fail.notFound(messages.slotNotFound);
  if (!isLicensedIn(doctor, shippingStateOf(order)))
    throw fail.badRequest(messages.doctorNotLicensed);
  const availability = availabilityFor(target, order.id, now);
  if (availability === 'taken') throw fail.conflict(messages.slotTaken);
  if (availability === 'passed') throw fail.conflict(messages.slotPassed);

  await restartVisit(tx, order.id, now);
  // Free the old slot first: an order books one slot (unique index on bookedByOrderId).
  await tx.update(doctorSlots).set({ bookedByOrderId: null }).where(eq(doctorSlots.id, current.id));
  await tx
    .update(doctorSlots)
    .set({ bookedByOrderId: order.id, heldByOrderId: null, heldUntil: null })
    .where(eq(doctorSlots.id, target.id));
  const [updated] = await tx
    .update(orders)
    .set({ doctorId: doctor.id, slotId: target.id, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  return updated ?? order;
}
