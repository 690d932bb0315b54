/**
 * Every order status, in the order an order lives through them. The database column, the
 * staff contracts and the apps' labels all take them from here; which moves between them are
 * allowed is the server's (server/modules/orders/order-status.ts).
 */
export const orderStatuses = [
  'cart',
  'disqualified',
  'awaiting-payment',
  'paid',
  'in-review',
  'approved',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The statuses of a placed order: it left the cart (the staff lookup never lists carts). */
export const placedOrderStatuses = [
  'awaiting-payment',
  'paid',
  'in-review',
  'approved',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const satisfies readonly OrderStatus[];
export type PlacedOrderStatus = (typeof placedOrderStatuses)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}
