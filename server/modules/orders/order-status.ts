import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { fail } from '../../../shared/errors/app-error';
import type { DbOrTx } from '../../db/client';
import { type OrderStatus, orderStatusHistory, orders } from '../../db/schema/orders';
import type { OrderRow } from './order-queries';

/**
 * Every order status and where it may go next: the one place that says so.
 * - cart: being built (guest or patient); disqualified when a consult answer rules it out;
 * - awaiting-payment: a phone order waiting for the patient to pay a payment link;
 * - paid: charged; consult products then go to in-review (the doctor), OTC straight to approved;
 * - approved → shipped → delivered; cancelled and refunded end it.
 */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  cart: ['disqualified', 'awaiting-payment', 'paid'],
  disqualified: ['cart'],
  'awaiting-payment': ['paid', 'cart', 'cancelled'],
  paid: ['in-review', 'approved', 'cancelled', 'refunded'],
  'in-review': ['approved', 'cancelled', 'refunded'],
  approved: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: ['refunded'],
  refunded: [],
};

/** Statuses in which the order is still the patient's cart and may change. */
export const openStatuses: readonly OrderStatus[] = ['cart', 'disqualified'];

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) {
    throw fail.conflict(`An order that is ${from} cannot become ${to}.`);
  }
}

/** Records a status change in the order's history (the caller updates the order row). */
export async function recordStatusChange(
  db: DbOrTx,
  input: {
    orderId: string;
    from: OrderStatus | null;
    to: OrderStatus;
    actorId: string | null;
    note?: string;
  },
) {
  await db.insert(orderStatusHistory).values({
    orderId: input.orderId,
    fromStatus: input.from,
    toStatus: input.to,
    actorId: input.actorId,
    note: input.note ?? null,
  });
}

/**
 * Moves an order to `to` (refused when the table above does not allow it), with the other
 * columns the move sets, and records the change with who made it.
 */
export async function moveStatus(
  tx: DbOrTx,
  order: OrderRow,
  to: OrderStatus,
  actorId: string | null,
  options: { set?: PgUpdateSetSource<typeof orders>; note?: string } = {},
): Promise<OrderRow> {
  assertTransition(order.status, to);
  const [updated] = await tx
    .update(orders)
    .set({ ...options.set, status: to, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error('order vanished while its status moved');
  await recordStatusChange(tx, {
    orderId: order.id,
    from: order.status,
    to,
    actorId,
    ...(options.note ? { note: options.note } : {}),
  });
  return updated;
}
