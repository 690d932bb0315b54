import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema/orders';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export async function findOrder(
  db: DbOrTx,
  orderId: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | null> {
  if (!isUuid(orderId)) return null;
  const query = db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export function orderItemsOf(db: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.productId));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Order ids are UUIDs; anything else cannot name an order (and must not reach the database). */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
