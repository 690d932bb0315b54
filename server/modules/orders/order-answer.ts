import type { OrderData } from '../../../shared/contracts/orders';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { RequestContext } from '../auth/request-context';
import { openOrderWithParts } from './order-access';
import { type OrderWithParts, readOrderById } from './order-parts';
import { priceOrder } from './order-pricing';
import type { OrderRow } from './order-queries';
import { orderView } from './order-view';

/**
 * The order as every cart and checkout call answers it: read again (the call may have just
 * changed it), priced by the server, then shaped.
 */
export async function orderAnswer(deps: AppDeps, db: DbOrTx, order: OrderRow): Promise<OrderData> {
  const current = await readOrderById(db, { id: order.id });
  if (!current) throw fail.notFound(messages.orderNotFound);
  return orderAnswerAsRead(deps, db, current);
}

/** The answer for an order just read with its parts and not changed since (one query). */
export async function orderAnswerAsRead(
  deps: AppDeps,
  db: DbOrTx,
  { order, parts }: OrderWithParts,
): Promise<OrderData> {
  return orderView(deps, db, await priceOrder(deps, db, order, parts));
}

/** The caller's open order (its cart), as read and priced; null when it has none. */
export async function openOrderAnswer(
  deps: AppDeps,
  context: RequestContext,
): Promise<OrderData | null> {
  const { db } = deps.database;
  const read = await openOrderWithParts(db, context.principal);
  return read ? orderAnswerAsRead(deps, db, read) : null;
}
