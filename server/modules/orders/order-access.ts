import {
  type AnyColumn,
  and,
  desc,
  eq,
  inArray,
  isNull,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { builtOncePerDatabase } from '../../db/prepared';
import { authTokens, users } from '../../db/schema/identity';
import { orders } from '../../db/schema/orders';
import type { Principal } from '../auth/principal';
import { type TokenRow, tokenColumns, tokenOfHash, tokenUser } from '../auth/token-service';
import {
  type OrderWithDetails,
  type OrderWithParts,
  orderRead,
  orderWithPartsFrom,
  orderWithPartsJson,
  readOrderById,
  readOrderDetailsById,
} from './order-parts';
import { findOrder, isUuid, type OrderRow } from './order-queries';
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

/** An order read by id, when the caller may see it; 404 otherwise (another patient's too). */
async function readForCaller<Read extends { order: OrderRow }>(
  principal: Principal,
  orderId: string,
  read: (id: string) => Promise<Read | null>,
): Promise<Read> {
  const found = isUuid(orderId) ? await read(orderId) : null;
  if (!found || !callerOwnsOrder(principal, found.order)) {
    throw fail.notFound(messages.orderNotFound);
  }
  return found;
}

/** The caller's order with its parts, in one query (404 for another patient's). */
export function orderWithPartsForCaller(
  db: DbOrTx,
  principal: Principal,
  orderId: string,
): Promise<OrderWithParts> {
  return readForCaller(principal, orderId, (id) => readOrderById(db, { id }));
}

/** The caller's order with its parts, payments and status history, in one query. */
export function orderWithDetailsForCaller(
  db: DbOrTx,
  principal: Principal,
  orderId: string,
): Promise<OrderWithDetails> {
  return readForCaller(principal, orderId, (id) => readOrderDetailsById(db, id));
}

/** A patient's open orders, and a guest's while no patient owns them. */
const openOrders = {
  user: (userId: string | Placeholder | AnyColumn) =>
    and(eq(orders.userId, userId), inArray(orders.status, openStatuses)),
  guest: (tokenId: string | Placeholder) =>
    and(
      eq(orders.guestTokenId, tokenId),
      isNull(orders.userId),
      inArray(orders.status, openStatuses),
    ),
};

/** Whose open orders the caller has: a patient's or a guest's, by id; none for anyone else. */
function openOrdersOf(principal: Principal): { kind: 'user' | 'guest'; id: string } | null {
  if (principal.kind === 'user') return { kind: 'user', id: principal.userId };
  if (principal.kind === 'guest') return { kind: 'guest', id: principal.tokenId };
  return null;
}

const readOpenOrder = {
  user: orderRead({
    name: 'open_order_with_parts_of_user',
    where: openOrders.user(sql.placeholder('id')) as SQL,
    orderBy: desc(orders.createdAt),
  }),
  guest: orderRead({
    name: 'open_order_with_parts_of_guest',
    where: openOrders.guest(sql.placeholder('id')) as SQL,
    orderBy: desc(orders.createdAt),
  }),
};

/** The caller's open order (the cart) with its parts, in one query; or null. */
export async function openOrderWithParts(
  db: DbOrTx,
  principal: Principal,
): Promise<OrderWithParts | null> {
  const open = openOrdersOf(principal);
  return open ? readOpenOrder[open.kind](db, { id: open.id }) : null;
}

/**
 * A token (by its hash, `{ hash }`) and its user's open order with its parts, in one statement:
 * the cart read checks the caller's token in the statement that reads the cart.
 */
const tokenWithOpenOrder = builtOncePerDatabase((db) =>
  db
    .select({
      ...tokenColumns,
      read: sql<Record<string, unknown> | null>`(select ${orderWithPartsJson} from ${orders}
        where ${openOrders.user(authTokens.userId)}
        order by ${orders.createdAt} desc limit 1)`,
    })
    .from(authTokens)
    .leftJoin(users, tokenUser)
    .where(tokenOfHash)
    .limit(1)
    .prepare('token_with_open_order'),
);

/** The token of this hash, and its user's open order (the cart) with its parts, or null. */
export async function tokenWithOpenOrderWithParts(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ token: TokenRow | null; read: OrderWithParts | null }> {
  const [row] = await tokenWithOpenOrder(db).execute({ hash: tokenHash });
  if (!row) return { token: null, read: null };
  const { read, ...token } = row;
  return { token, read: read ? orderWithPartsFrom(read) : null };
}

/** The row of a patient's or a guest's open order, read or locked (`{ id }`). */
function openOrderRowOf(kind: 'user' | 'guest', lock: boolean) {
  return builtOncePerDatabase((db) => {
    const query = db
      .select()
      .from(orders)
      .where(openOrders[kind](sql.placeholder('id')))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    const name = `open_order_of_${kind}${lock ? '_for_update' : ''}`;
    return lock ? query.for('update').prepare(name) : query.prepare(name);
  });
}

const readOpenOrderRow = {
  user: { read: openOrderRowOf('user', false), lock: openOrderRowOf('user', true) },
  guest: { read: openOrderRowOf('guest', false), lock: openOrderRowOf('guest', true) },
};

/** The caller's open order (the cart), or null. */
export async function openOrderOf(
  db: DbOrTx,
  principal: Principal,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | null> {
  const open = openOrdersOf(principal);
  if (!open) return null;
  const query = readOpenOrderRow[open.kind][options.forUpdate ? 'lock' : 'read'];
  const rows = await query(db).execute({ id: open.id });
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
