import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { doctorSlots } from '../../db/schema/care-network';
import { orderItems, orders } from '../../db/schema/orders';
import { findOrder, isUuid, orderItemsOf } from '../orders/order-queries';
import { openStatuses } from '../orders/order-status';
import { releaseHoldsOf } from '../scheduling/slot-holds';

/**
 * Moves a guest's open order into the account that just signed in or registered (spec §7
 * VerifyLoginOtp guestOrderId; issue: "nothing lost"). With no cart of its own, the account
 * takes the guest order as it is. With a cart, the guest's items and checkout progress join
 * that cart: the guest's item wins for a product in both (it carries the newest answers), the
 * guest's shipping, pharmacy, doctor, held slot and promo code replace the cart's, and the
 * emptied guest order is deleted. An id that is not an open, unclaimed guest order is ignored.
 */
export async function claimGuestOrder(
  db: DbOrTx,
  userId: string,
  guestOrderId: string | null | undefined,
) {
  if (!guestOrderId || !isUuid(guestOrderId)) return;
  const guest = await findOrder(db, guestOrderId, { forUpdate: true });
  if (!guest || guest.userId !== null || !openStatuses.includes(guest.status)) return;

  const [cart] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...openStatuses])))
    .for('update');
  if (!cart) {
    await db
      .update(orders)
      .set({ userId, guestTokenId: null, updatedAt: new Date() })
      .where(and(eq(orders.id, guest.id), isNull(orders.userId)));
    return;
  }

  const guestItems = await orderItemsOf(db, guest.id);
  const guestProducts = guestItems.map((item) => item.productId);
  if (guestProducts.length > 0) {
    await db
      .delete(orderItems)
      .where(and(eq(orderItems.orderId, cart.id), inArray(orderItems.productId, guestProducts)));
    await db.update(orderItems).set({ orderId: cart.id }).where(eq(orderItems.orderId, guest.id));
  }
  const progress = {
    ...(guest.shippingAddress
      ? {
          shippingAddress: guest.shippingAddress,
          shippingAddressId: null,
          shippingMethodId: guest.shippingMethodId,
        }
      : {}),
    ...(guest.pharmacyId ? { pharmacyId: guest.pharmacyId } : {}),
    ...(guest.doctorId
      ? { doctorId: guest.doctorId, slotId: guest.slotId, visitType: guest.visitType }
      : {}),
    ...(guest.couponCode ? { couponCode: guest.couponCode } : {}),
    ...(guest.status === 'disqualified' ? { status: guest.status } : {}),
  };
  if (guest.slotId) {
    await releaseHoldsOf(db, cart.id);
    await db
      .update(doctorSlots)
      .set({ heldByOrderId: cart.id })
      .where(eq(doctorSlots.heldByOrderId, guest.id));
  }
  await db
    .update(orders)
    .set({ ...progress, updatedAt: new Date() })
    .where(eq(orders.id, cart.id));
  await db.delete(orders).where(eq(orders.id, guest.id));
}
