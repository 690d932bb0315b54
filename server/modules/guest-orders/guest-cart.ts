import type { OrderData } from '../../../shared/contracts/orders';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { RequestContext, SignInByRead } from '../auth/request-context';
import { type CartLineInput, setCartLines } from '../cart/cart-service';
import { ensureOpenOrder, openOrderOf } from '../orders/order-access';
import { openOrderAnswerSignedIn, orderAnswer } from '../orders/order-answer';
import type { OrderRow } from '../orders/order-queries';
import { applyPromo, removePromo } from '../promo/promo-service';
import { guestOrderById, requireOrder } from './guest-order-service';

type Lines = readonly CartLineInput[];
/** The guest's open order ('current') or one of theirs by id. */
type Which = 'current' | { orderId: string };

/**
 * One step on the guest's order in one transaction, answered with the order as it then
 * stands (the guest token reaches only its own order: guestOrderById, openOrderOf).
 */
async function onGuestOrder(
  deps: AppDeps,
  context: RequestContext,
  which: Which,
  change: (tx: DbOrTx, order: OrderRow) => Promise<void>,
): Promise<OrderData> {
  return deps.database.db.transaction(async (tx) => {
    const order =
      which === 'current'
        ? requireOrder(await openOrderOf(tx, context.principal, { forUpdate: true }))
        : await guestOrderById(tx, context.principal, which.orderId);
    await change(tx, order);
    return orderAnswer(deps, tx, order);
  });
}

/** POST guestorders: the guest's order, made if they have none, with items if given. */
export async function startGuestOrder(
  deps: AppDeps,
  context: RequestContext,
  input: { storefrontId: number; sessionGuid?: string | undefined; items?: Lines | undefined },
): Promise<OrderData> {
  if (input.storefrontId !== deps.config.storefrontId)
    throw fail.notFound(messages.storefrontNotFound);
  return deps.database.db.transaction(async (tx) => {
    const order = await ensureOpenOrder(tx, context.principal, {
      storefrontId: input.storefrontId,
      sessionGuid: input.sessionGuid ?? null,
    });
    if (input.items?.length) await setCartLines(deps, tx, order, input.items);
    return orderAnswer(deps, tx, order);
  });
}

/**
 * GET guestorders/current: the guest's open order, read in the statement that checks the guest
 * token; 404 when the guest has none.
 */
export async function currentGuestOrder(deps: AppDeps, signIn: SignInByRead) {
  return requireOrder(await openOrderAnswerSignedIn(deps, signIn, 'guest'));
}

/** GET or POST guestorders/{orderId}. */
export const guestOrderAnswer = (deps: AppDeps, context: RequestContext, orderId: string) =>
  onGuestOrder(deps, context, { orderId }, async () => {});

/** PATCH guestorders/current/items or guestorders/{orderId}/items. */
export const setGuestItems = (deps: AppDeps, context: RequestContext, which: Which, items: Lines) =>
  onGuestOrder(deps, context, which, (tx, order) => setCartLines(deps, tx, order, items));

/** POST guestorders/current/coupon. */
export const applyGuestPromo = (deps: AppDeps, context: RequestContext, promoCode: string) =>
  onGuestOrder(deps, context, 'current', (tx, order) => applyPromo(deps, tx, order, promoCode));

/** POST guestorders/current/coupon/remove. */
export const removeGuestPromo = (deps: AppDeps, context: RequestContext) =>
  onGuestOrder(deps, context, 'current', (tx, order) => removePromo(tx, order));
