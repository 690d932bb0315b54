import { eq } from 'drizzle-orm';
import { StageBit } from '../../../shared/checkout/stage-bits';
import type { DbOrTx } from '../../db/client';
import { doctorSlots, doctors } from '../../db/schema/care-network';
import { type AddressSnapshot, orders } from '../../db/schema/orders';
import type { OrderRow } from '../orders/order-queries';
import { clearStage, markStageComplete } from '../orders/order-stages';

/**
 * Puts an address on an (already locked and checked) order: the snapshot the order keeps, and
 * the saved address it came from (null for a guest). A doctor not licensed in a new state is
 * dropped with the slot the order held, and scheduling starts over.
 */
export async function setOrderAddress(
  tx: DbOrTx,
  order: OrderRow,
  snapshot: AddressSnapshot,
  addressId: string | null,
): Promise<OrderRow> {
  const changes: Partial<typeof orders.$inferInsert> = {
    shippingAddress: snapshot,
    shippingAddressId: addressId,
    updatedAt: new Date(),
  };
  if (order.doctorId && order.shippingAddress?.state !== snapshot.state) {
    const [doctor] = await tx
      .select({ licensedStates: doctors.licensedStates })
      .from(doctors)
      .where(eq(doctors.id, order.doctorId));
    if (!doctor?.licensedStates.includes(snapshot.state)) {
      await tx
        .update(doctorSlots)
        .set({ heldByOrderId: null, heldUntil: null })
        .where(eq(doctorSlots.heldByOrderId, order.id));
      await clearStage(tx, order.id, StageBit.Scheduling);
      changes.doctorId = null;
      changes.slotId = null;
    }
  }
  const [updated] = await tx.update(orders).set(changes).where(eq(orders.id, order.id)).returning();
  if (!updated) throw new Error('order vanished while locked');
  await completeShippingIfReady(tx, updated);
  return updated;
}

/** Sets the shipping method of a locked order. */
export async function setOrderMethod(
  tx: DbOrTx,
  order: OrderRow,
  shippingMethodId: number,
): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({ shippingMethodId, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error('order vanished while locked');
  await completeShippingIfReady(tx, updated);
  return updated;
}

/** The Shipping stage is done once the order has both an address and a method. */
async function completeShippingIfReady(tx: DbOrTx, order: OrderRow): Promise<void> {
  if (order.shippingAddress && order.shippingMethodId) {
    await markStageComplete(tx, order.id, StageBit.Shipping);
  }
}
