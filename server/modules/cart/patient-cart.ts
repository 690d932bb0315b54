import type { OrderData } from '../../../shared/contracts/orders';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { RequestContext } from '../auth/request-context';
import { ensureOpenOrder, openOrderOf } from '../orders/order-access';
import { orderAnswer } from '../orders/order-answer';
import type { OrderRow } from '../orders/order-queries';
import { applyPromo, removePromo } from '../promo/promo-service';
import { addToCart, type CartLine, setCartLines } from './cart-service';

type CartChange = (tx: DbOrTx, order: OrderRow) => Promise<void>;

/**
 * One change to the signed-in patient's cart in one transaction, answered with the cart as it
 * then stands. `create`: a patient with no cart gets one; else the missing cart answers
 * `missing` (the route's spec message).
 */
async function changeCart(
  deps: AppDeps,
  context: RequestContext,
  change: CartChange,
  options: { create: true } | { create: false; missing: () => Error },
): Promise<OrderData> {
  return deps.database.db.transaction(async (tx) => {
    const order = options.create
      ? await ensureOpenOrder(tx, context.principal, { storefrontId: deps.config.storefrontId })
      : await openOrderOf(tx, context.principal, { forUpdate: true });
    if (!order) throw options.create ? new Error('no cart made') : options.missing();
    await change(tx, order);
    return orderAnswer(deps, tx, order);
  });
}

const noCart = () => fail.notFound(messages.emptyCart);

/** Cart/AddToCart: a product, or more of it. */
export const addProductToCart = (
  deps: AppDeps,
  context: RequestContext,
  input: { productId: number; qty?: number | undefined },
) =>
  changeCart(deps, context, (tx, order) => addToCart(deps, tx, order, input.productId, input.qty), {
    create: true,
  });

/** Cart/ChangeProductQuantity: one line's quantity. */
export const changeCartQuantity = (deps: AppDeps, context: RequestContext, line: CartLine) =>
  changeCart(deps, context, (tx, order) => setCartLines(deps, tx, order, [line]), {
    create: false,
    missing: noCart,
  });

/** PATCH Cart/items: several lines at once. */
export const setCartItems = (
  deps: AppDeps,
  context: RequestContext,
  lines: readonly (Omit<CartLine, 'qty'> & { qty?: number })[],
) =>
  changeCart(deps, context, (tx, order) => setCartLines(deps, tx, order, lines), {
    create: true,
  });

/** Cart/ApplyPromoCode. */
export const applyCartPromo = (deps: AppDeps, context: RequestContext, promoCode: string) =>
  changeCart(deps, context, (tx, order) => applyPromo(deps, tx, order, promoCode), {
    create: false,
    missing: () => fail.badRequest(messages.promoInvalid, { promoCode: 'promoCodeError' }),
  });

/** Cart/RemovePromoCode. */
export const removeCartPromo = (deps: AppDeps, context: RequestContext) =>
  changeCart(deps, context, (tx, order) => removePromo(tx, order), {
    create: false,
    missing: noCart,
  });
