import { eq } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import type { Principal } from '../auth/principal';
import { findOrder, type OrderRow } from '../orders/order-queries';
import { openStatuses } from '../orders/order-status';

/**
 * A guest order by the id the browser kept (spec §3 `guestOrderId`). Guest tokens expire before
 * the stored id does, so a guest holding the id of an open, unclaimed guest order takes it over
 * with their current guest token; the id is a random UUID, so holding it is the proof.
 */
export async function guestOrderById(
  db: DbOrTx,
  principal: Principal,
  orderId: string,
): Promise<OrderRow> {
  if (principal.kind !== 'guest') throw fail.notFound(messages.orderNotFound);
  const order = await findOrder(db, orderId, { forUpdate: true });
  if (!order || order.userId !== null) throw fail.notFound(messages.orderNotFound);
  if (order.guestTokenId === principal.tokenId) return order;
  if (!openStatuses.includes(order.status)) throw fail.notFound(messages.orderNotFound);
  const [taken] = await db
    .update(orders)
    .set({ guestTokenId: principal.tokenId })
    .where(eq(orders.id, order.id))
    .returning();
  if (!taken) throw fail.notFound(messages.orderNotFound);
  return taken;
}

/** The guest's open order; 404 when the guest has none yet. */
export function requireOrder<Order = OrderRow>(order: Order | null): Order {
  if (!order) throw fail.notFound(messages.noGuestOrder);
  return order;
}
