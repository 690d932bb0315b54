import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../auth/principal';
import { assertOpen, openOrderOf, orderForCaller } from '../orders/order-access';
import type { OrderRow } from '../orders/order-queries';

/**
 * The order a checkout step changes, locked for the rest of the transaction: the one named by
 * orderId (404 unless the caller may see it), else the caller's open order (404 when none).
 * Refused with 409 once it is no longer open.
 */
export async function lockTargetOrder(
  tx: DbOrTx,
  principal: Principal,
  orderId: string | undefined,
): Promise<OrderRow> {
  const order = orderId
    ? await orderForCaller(tx, principal, orderId, { forUpdate: true })
    : await openOrderOf(tx, principal, { forUpdate: true });
  if (!order) throw fail.notFound(messages.emptyCart);
  assertOpen(order);
  return order;
}

/** The same order without a lock, for reads; null when the caller has no open order. */
export async function readTargetOrder(
  db: DbOrTx,
  principal: Principal,
  orderId: string | undefined,
): Promise<OrderRow | null> {
  return orderId ? orderForCaller(db, principal, orderId) : openOrderOf(db, principal);
}
