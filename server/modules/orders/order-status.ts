import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { fail } from '../../../shared/errors/app-error';
import { statusChangeRefusedMessage } from '../../../shared/errors/messages';
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
    throw fail.conflict(statusChangeRefusedMessage(from, to));
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
 * columns the move sets, and records the change with who made it. With `via`, the order passes
 * through that status on the way (paid, then in review): one write, each step recorded.
 */
export async function moveStatus(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'status'>,
  to: OrderStatus,
  actorId: string | null,
  options: { via?: OrderStatus; set?: PgUpdateSetSource<typeof orders>; note?: string } = {},
): Promise<OrderRow> {
  const steps = options.via ? [options.via, to] : [to];
  for (const [i, step] of steps.entries()) assertTransition(steps[i - 1] ?? order.status, step);
  const [updated] = await tx
    .update(orders)
    .set({ ...options.set, status: to, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error('order vanished while its status moved');
  let from = order.status;
  for (const step of steps) {
    const note = step === to && options.note ? { note: options.note } : {};
    await recordStatusChange(tx, { orderId: order.id, from, to: step, actorId, ...note });
    from = step;
  }
  return updated;
}
