import type { OrderData } from '../../../shared/contracts/orders';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { SignInByRead } from '../auth/request-context';
import { answerKeptOrMade } from './kept-answers';
import { openOrderWithPartsSignedIn } from './order-access';
import { type OrderWithParts, readOrderById } from './order-parts';
import { priceOrder } from './order-pricing';
import type { OrderRow } from './order-queries';
import { orderView } from './order-view';

/**
 * The order as every cart and checkout call answers it: read again (the call may have just
 * changed it), priced by the server, then shaped.
 */
export async function orderAnswer(
  deps: AppDeps,
  db: DbOrTx,
  order: Pick<OrderRow, 'id'>,
): Promise<OrderData> {
  const current = await readOrderById(db, order.id);
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

/**
 * The caller's open order (a patient's cart, or a guest's order), read and priced, read in the
 * statement that checks their token (one statement where a signed-in read otherwise takes
 * two): nothing read is used until the token admits the caller, and only the caller's own
 * order is answered; the answer kept for the caller when none of the order's rows changed
 * (`answerKeptOrMade`). Null when they have none.
 */
export async function openOrderAnswerSignedIn(
  deps: AppDeps,
  signIn: SignInByRead,
  kind: 'user' | 'guest',
): Promise<OrderData | null> {
  const { db } = deps.database;
  const { found } = await answerKeptOrMade(
    deps,
    `${kind}:${signIn.tokenHash}`,
    (known) => openOrderWithPartsSignedIn(db, signIn, kind, known),
    (read) => orderAnswerAsRead(deps, db, read),
  );
  return found?.answer ?? null;
}
