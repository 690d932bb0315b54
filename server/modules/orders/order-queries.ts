import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalog';
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
/** An order's line with its product's name (discontinued products included). */
export interface NamedOrderLine {
  orderId: string;
  productId: number;
  name: string;
  qty: number;
  unitPriceCents: number;
}

/** The lines of these orders with their products' names, in the order they were added. */
export async function namedLinesOf(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<NamedOrderLine[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      name: products.displayName,
      qty: orderItems.qty,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
}

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
