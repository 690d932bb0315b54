import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import type { Principal } from '../auth/principal';
import { findOrder, type OrderRow } from './order-queries';
import { openStatuses } from './order-status';

/**
 * Whether a caller may see and change an order: a patient their own, a guest the open guest
 * order made with their guest token, an agent or admin any. Everyone else is told it does not
 * exist (404), so another patient's order is never revealed.
 */
export function callerOwnsOrder(principal: Principal, order: OrderRow): boolean {
  switch (principal.kind) {
    case 'user':
      if (principal.role === 'agent' || principal.role === 'admin') return true;
      return principal.role === 'patient' && order.userId === principal.userId;
    case 'guest':
      return order.userId === null && order.guestTokenId === principal.tokenId;
    case 'anonymous':
      return false;
  }
}

export async function orderForCaller(
  db: DbOrTx,
  principal: Principal,
  orderId: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow> {
  const order = await findOrder(db, orderId, options);
  if (!order || !callerOwnsOrder(principal, order)) throw fail.notFound(messages.orderNotFound);
  return order;
}

/** The caller's open order (the cart), or null. */
export async function openOrderOf(
  db: DbOrTx,
  principal: Principal,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | null> {
  let where: ReturnType<typeof and>;
  if (principal.kind === 'user') {
    where = and(eq(orders.userId, principal.userId), inArray(orders.status, [...openStatuses]));
  } else if (principal.kind === 'guest') {
    where = and(
      eq(orders.guestTokenId, principal.tokenId),
      isNull(orders.userId),
      inArray(orders.status, [...openStatuses]),
    );
  } else {
    return null;
  }
  const query = db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** The caller's open order, created when there is none. */
export async function ensureOpenOrder(
  db: DbOrTx,
  principal: Principal,
  input: { storefrontId: number; sessionGuid?: string | null },
): Promise<OrderRow> {
  const existing = await openOrderOf(db, principal, { forUpdate: true });
  if (existing) return existing;
  if (principal.kind === 'anonymous') throw fail.unauthorized();
  const [created] = await db
    .insert(orders)
    .values({
      storefrontId: input.storefrontId,
      userId: principal.kind === 'user' ? principal.userId : null,
      guestTokenId: principal.kind === 'guest' ? principal.tokenId : null,
      sessionGuid: input.sessionGuid ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // Another request created the user's cart at the same moment: use that one.
  const raced = await openOrderOf(db, principal, { forUpdate: true });
  if (!raced) throw fail.conflict();
  return raced;
}

/** Refuses changes to an order that is no longer open (paid, cancelled, ...). */
export function assertOpen(order: OrderRow): void {
  if (!openStatuses.includes(order.status)) {
    throw fail.conflict(messages.orderAlreadyPlaced);
  }
}
