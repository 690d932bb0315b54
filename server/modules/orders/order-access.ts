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
import type { Db, DbOrTx } from '../../db/client';
import { builtOncePerDatabase } from '../../db/prepared';
import { joinVersions, versionedJson } from '../../db/row-versions';
import { authTokens } from '../../db/schema/identity';
import { orders } from '../../db/schema/orders';
import type { Principal } from '../auth/principal';
import type { RequestContext, SignInByRead } from '../auth/request-context';
import { tokenWith } from '../auth/token-service';
import type { KnownOrder, VersionedOrder } from './kept-answers';
import {
  type OrderWithDetails,
  type OrderWithParts,
  orderWithDetailsFrom,
  orderWithDetailsJson,
  orderWithDetailsVersion,
  orderWithPartsFrom,
  orderWithPartsJson,
  orderWithPartsVersion,
  readOrderById,
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
  return readForCaller(principal, orderId, (id) => readOrderById(db, id));
}

/** A patient's open orders, and a guest's while no patient owns them. */
export const openOrders = {
  user: (userId: string | Placeholder | AnyColumn) =>
    and(eq(orders.userId, userId), inArray(orders.status, openStatuses)),
  guest: (tokenId: string | Placeholder | AnyColumn) =>
    and(
      eq(orders.guestTokenId, tokenId),
      isNull(orders.userId),
      inArray(orders.status, openStatuses),
    ),
};

/** Whose open orders: a patient's (their user id) or a guest's (their token's id). */
export interface OpenOrdersOwner {
  kind: 'user' | 'guest';
  id: string;
}

/** Whose open orders the caller has: a patient's or a guest's, by id; none for anyone else. */
export function openOrdersOf(principal: Principal): OpenOrdersOwner | null {
  if (principal.kind === 'user') return { kind: 'user', id: principal.userId };
  if (principal.kind === 'guest') return { kind: 'guest', id: principal.tokenId };
  return null;
}

/**
 * The first open order of the token's patient or guest: the versions of its rows, and the order
 * with its parts (as `orderWithPartsJson`) unless they are the `known` ones.
 */
const openOrderOfToken = (where: SQL | undefined, known: SQL) =>
  sql`(select ${versionedJson(orderWithPartsJson, known)}
    from ${orders} ${joinVersions(orderWithPartsVersion)} where ${where}
    order by ${orders.createdAt} desc limit 1)`;

const tokenWithOpenOrder = {
  user: tokenWith(
    'tokens_with_open_order_of_user',
    ({ known }) => openOrderOfToken(openOrders.user(authTokens.userId), known),
    { known: 'text' },
  ),
  guest: tokenWith(
    'tokens_with_open_order_of_guest',
    ({ known }) => openOrderOfToken(openOrders.guest(authTokens.id), known),
    { known: 'text' },
  ),
};

type VersionedJson = { version: string; read: Record<string, unknown> | null };

/** A versioned read's order: read, or the `known` one when its versions are those. */
function versionedOrder<Read extends OrderWithParts>(
  json: VersionedJson,
  known: KnownOrder | null,
  from: (read: Record<string, unknown>) => Read,
): VersionedOrder<Read> {
  if (json.read) {
    const read = from(json.read);
    return { version: json.version, order: read.order, read };
  }
  if (known?.version !== json.version) throw new Error('an order read without its row');
  return { version: json.version, order: known.order, read: null };
}

/**
 * The caller's open order (the cart) with its parts, read in the statement that checks their
 * token (a patient's, or a guest's): who asks, and their order or null; the order's parts not
 * read again when the versions of its rows are the `known` ones.
 */
export async function openOrderWithPartsSignedIn(
  db: Db,
  signIn: SignInByRead,
  kind: 'user' | 'guest',
  known: KnownOrder | null = null,
): Promise<{ context: RequestContext; found: VersionedOrder<OrderWithParts> | null }> {
  const { token, read } = await tokenWithOpenOrder[kind](db, {
    hash: signIn.tokenHash,
    known: known?.version ?? null,
  });
  const context = await signIn.admit(token);
  const found = read ? versionedOrder(read as VersionedJson, known, orderWithPartsFrom) : null;
  return {
    context,
    found: found && callerOwnsOrder(context.principal, found.order) ? found : null,
  };
}

const tokenWithOrderDetails = tokenWith(
  'tokens_with_order_details',
  ({ id, known }) => sql`(select ${versionedJson(orderWithDetailsJson, known)}
    from ${orders} ${joinVersions(orderWithDetailsVersion)} where ${orders.id} = ${id})`,
  { id: 'uuid', known: 'text' },
);

/**
 * The order by its id with its parts, payments and status history, read in the statement that
 * checks the caller's token (not read again when the versions of its rows are the `known`
 * ones); 404 for an order the caller may not see (another patient's).
 */
export async function orderWithDetailsSignedIn(
  db: Db,
  signIn: SignInByRead,
  orderId: string,
  known: KnownOrder | null = null,
): Promise<{ context: RequestContext; found: VersionedOrder<OrderWithDetails> }> {
  // An id that cannot name an order is read as the nil id, which names none.
  const id = isUuid(orderId) ? orderId : '00000000-0000-0000-0000-000000000000';
  const { token, read } = await tokenWithOrderDetails(db, {
    hash: signIn.tokenHash,
    id,
    known: known?.version ?? null,
  });
  const context = await signIn.admit(token);
  const found = read ? versionedOrder(read as VersionedJson, known, orderWithDetailsFrom) : null;
  if (!found || !callerOwnsOrder(context.principal, found.order)) {
    throw fail.notFound(messages.orderNotFound);
  }
  return { context, found };
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
