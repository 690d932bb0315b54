import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type OrderStatus, orderStatuses } from '../../db/schema/orders';
import { openStatuses } from '../orders/order-status';

/** A placed order is one that left the cart: paid, awaiting a phone payment, or further on. */
export const placedStatuses: readonly OrderStatus[] = orderStatuses.filter(
  (status) => !openStatuses.includes(status),
);

export function isPlaced(status: OrderStatus): boolean {
  return placedStatuses.includes(status);
}

/**
 * When an order was placed: paid, or created for an order not paid yet. Order lists sort and
 * page on this expression (with the id as tie-break).
 */
export function placedAtOf(columns: { paidAt: PgColumn; createdAt: PgColumn }): SQL<Date> {
  return sql<Date>`coalesce(${columns.paidAt}, ${columns.createdAt})`;
}

export const dollars = (cents: number) => cents / 100;
