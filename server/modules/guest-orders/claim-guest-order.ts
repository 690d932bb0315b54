import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { doctorSlots } from '../../db/schema/care-network';
import { orderItems, orders } from '../../db/schema/orders';
import { findOrder, isUuid, type OrderRow, orderItemsOf } from '../orders/order-queries';
import { openStatuses } from '../orders/order-status';
import { releaseHoldsOf } from '../scheduling/slot-holds';

/** A guest order named at sign-in, with what the browser that made it holds. */
export interface GuestOrderClaim {
  orderId: string | null;
  /** The session GUID sent with the sign-in (the guest order records the one it was made in). */
  guid: string | null;
  /** The guest token the sign-in call came with, if any. */
  guestTokenId: string | null;
}

/**
 * An order id alone proves nothing (it is in links and logs): the claim needs the guest token
 * that made the order, or the session GUID it was made in.
 */
function holdsGuestOrder(claim: GuestOrderClaim, guest: OrderRow): boolean {
  if (claim.guestTokenId && guest.guestTokenId === claim.guestTokenId) return true;
  return Boolean(claim.guid && guest.sessionGuid && guest.sessionGuid === claim.guid);
}

/**
 * Moves a guest's open order into the account that just signed in or registered (spec §7
 * VerifyLoginOtp guestOrderId; issue: "nothing lost"). With no cart of its own, the account
 * takes the guest order as it is. With a cart, the guest's items and checkout progress join
 * that cart: the guest's item wins for a product in both (it carries the newest answers), the
 * guest's shipping, pharmacy, doctor, held slot and promo code replace the cart's, and the
 * emptied guest order is deleted. An id that is not an open, unclaimed guest order, or that
 * comes without its proof (holdsGuestOrder), is ignored.
 */
export async function claimGuestOrder(db: DbOrTx, userId: string, claim: GuestOrderClaim) {
  if (!claim.orderId || !isUuid(claim.orderId)) return;
  const guest = await findOrder(db, claim.orderId, { forUpdate: true });
  if (!guest || guest.userId !== null || !openStatuses.includes(guest.status)) return;
  if (!holdsGuestOrder(claim, guest)) return;

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
