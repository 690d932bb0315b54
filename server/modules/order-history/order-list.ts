import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { StageBit } from '../../../shared/checkout/stage-bits';
import {
  type OrderNextStep,
  type OrderSummary,
  type PreviousOrdersData,
  type PreviousOrdersQuery,
  RECENT_ORDER_COUNT,
  type RecentOrderV2,
} from '../../../shared/contracts/order-history';
import type { DbOrTx } from '../../db/client';
import { doctorSlots } from '../../db/schema/care-network';
import { orderItems, orders } from '../../db/schema/orders';
import { namedLinesOf, type OrderRow } from '../orders/order-queries';
import { dollars, placedAtOf, placedStatuses } from './placed-orders';

/**
 * A user's placed orders, newest first, keyset paged on (placed at, id). The cursor is the last
 * order id of the previous page, looked up among the same user's orders: another user's order
 * id as a cursor yields an empty page, never a glimpse of their list. No OFFSET, no count.
 */
async function placedOrdersOf(
  db: DbOrTx,
  userId: string,
  page: { after?: string; limit: number },
): Promise<OrderRow[]> {
  const conditions = [eq(orders.userId, userId), inArray(orders.status, [...placedStatuses])];
  if (page.after) {
    const c = alias(orders, 'cursor_order');
    const cursor = db
      .select({ placedAt: placedAtOf(c), id: c.id })
      .from(c)
      .where(and(eq(c.id, page.after), eq(c.userId, userId)));
    conditions.push(sql`(${placedAtOf(orders)}, ${orders.id}) < (${cursor})`);
  }
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(placedAtOf(orders)), desc(orders.id))
    .limit(page.limit);
}

/** The orders with their items (names from the catalog, discontinued products included). */
async function summarize(db: DbOrTx, rows: readonly OrderRow[]): Promise<OrderSummary[]> {
  const lines = await namedLinesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((order) => {
    const items = lines
      .filter((line) => line.orderId === order.id)
      .map(({ productId, name, qty }) => ({ productId, displayName: name, qty }));
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      placedAt: (order.paidAt ?? order.createdAt).toISOString(),
      total: dollars(order.totalCents),
      totalCents: order.totalCents,
      itemCount: items.reduce((sum, item) => sum + item.qty, 0),
      items,
    };
  });
}

export async function previousOrders(
  db: DbOrTx,
  userId: string,
  query: PreviousOrdersQuery,
): Promise<PreviousOrdersData> {
  const rows = await placedOrdersOf(db, userId, { after: query.after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: await summarize(db, page),
    nextCursor: rows.length > query.limit && last ? last.id : null,
  };
}

export async function recentOrders(db: DbOrTx, userId: string): Promise<OrderSummary[]> {
  return summarize(db, await placedOrdersOf(db, userId, { limit: RECENT_ORDER_COUNT }));
}

/** The recent orders with what happens next to each (v2/recent-orders). */
export async function recentOrdersV2(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<RecentOrderV2[]> {
  const rows = await placedOrdersOf(db, userId, { limit: RECENT_ORDER_COUNT });
  const summaries = await summarize(db, rows);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const consultOrders = new Set(
    (
      await db
        .selectDistinct({ orderId: orderItems.orderId })
        .from(orderItems)
        .where(
          and(
            inArray(orderItems.orderId, ids),
            sql`(${orderItems.checkoutStages} & ${StageBit.Consult}) <> 0`,
          ),
        )
    ).map((row) => row.orderId),
  );
  const booked = await db
    .select({
      orderId: doctorSlots.bookedByOrderId,
      startsAt: doctorSlots.startsAt,
      endsAt: doctorSlots.endsAt,
    })
    .from(doctorSlots)
    .where(inArray(doctorSlots.bookedByOrderId, ids));
  return rows.map((order, index) => {
    const slot = booked.find((b) => b.orderId === order.id);
    const upcomingVisit = slot && slot.endsAt > now ? slot.startsAt : null;
    const nextStep = nextStepOf(order, consultOrders.has(order.id), upcomingVisit !== null);
    return {
      ...(summaries[index] as OrderSummary),
      nextStep,
      visitAt: nextStep === 'visit-scheduled' && upcomingVisit ? upcomingVisit.toISOString() : null,
    };
  });
}

/**
 * What the patient waits for: a consult order first has its visit (a booked slot still ahead)
 * or the doctor's review; then the order is prepared, shipped and delivered.
 */
export function nextStepOf(
  order: OrderRow,
  hasConsult: boolean,
  hasUpcomingVisit: boolean,
): OrderNextStep {
  switch (order.status) {
    case 'cart':
    case 'disqualified':
    case 'awaiting-payment':
      return 'awaiting-payment';
    case 'paid':
    case 'in-review':
      if (!hasConsult) return 'preparing-shipment';
      return hasUpcomingVisit ? 'visit-scheduled' : 'awaiting-doctor';
    case 'approved':
      return 'preparing-shipment';
    case 'shipped':
    case 'delivered':
    case 'cancelled':
    case 'refunded':
      return order.status;
  }
}
