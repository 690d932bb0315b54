import type { z } from 'zod';
import type { promoDiscountData } from '../../../shared/contracts/cart';
import type { OrderData } from '../../../shared/contracts/orders';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { RequestContext } from '../auth/request-context';
import { ensureOpenOrder, openOrderOf, openOrdersOf } from '../orders/order-access';
import { orderAnswer } from '../orders/order-answer';
import type { OrderRow } from '../orders/order-queries';
import { applyPromo, previewPromo, removePromo } from '../promo/promo-service';
import { addToOpenCart } from './add-to-open-cart';
import { addToCart, type CartLine, type CartLineInput, setCartLines } from './cart-service';

type CartChange = (tx: DbOrTx, order: OrderRow) => Promise<void>;
/** How a change finds the patient's cart: made when missing, or refused with an error. */
type FindCart = (tx: DbOrTx, deps: AppDeps, context: RequestContext) => Promise<OrderRow>;

const madeIfMissing: FindCart = (tx, deps, context) =>
  ensureOpenOrder(tx, context.principal, { storefrontId: deps.config.storefrontId });

const existingOr =
  (missing: () => Error): FindCart =>
  async (tx, _deps, context) => {
    const order = await openOrderOf(tx, context.principal, { forUpdate: true });
    if (!order) throw missing();
    return order;
  };

const existingCart = existingOr(() => fail.notFound(messages.emptyCart));

/**
 * One change to the signed-in patient's cart in one transaction, answered with the cart as it
 * then stands.
 */
async function changeCart(
  deps: AppDeps,
  context: RequestContext,
  find: FindCart,
  change: CartChange,
): Promise<OrderData> {
  return deps.database.db.transaction(async (tx) => {
    const order = await find(tx, deps, context);
    await change(tx, order);
    return orderAnswer(deps, tx, order);
  });
}

/**
 * Cart/AddToCart: a product, or more of it. In one statement when the caller has a cart (see
 * `addToOpenCart`), read back once it is written; else in a transaction that makes the cart.
 */
export async function addProductToCart(
  deps: AppDeps,
  context: RequestContext,
  input: { productId: number; qty?: number | undefined },
): Promise<OrderData> {
  const { db } = deps.database;
  const owner = openOrdersOf(context.principal);
  const cartId = owner && (await addToOpenCart(deps, db, owner, input.productId, input.qty));
  if (cartId) return orderAnswer(deps, db, { id: cartId });
  return changeCart(deps, context, madeIfMissing, (tx, order) =>
    addToCart(deps, tx, order, input.productId, input.qty),
  );
}

/** Cart/ChangeProductQuantity: one line's quantity. */
export const changeCartQuantity = (deps: AppDeps, context: RequestContext, line: CartLine) =>
  changeCart(deps, context, existingCart, (tx, order) => setCartLines(deps, tx, order, [line]));

/** PATCH Cart/items: several lines at once. */
export const setCartItems = (
  deps: AppDeps,
  context: RequestContext,
  lines: readonly CartLineInput[],
) => changeCart(deps, context, madeIfMissing, (tx, order) => setCartLines(deps, tx, order, lines));

/** Cart/ApplyPromoCode. */
export const applyCartPromo = (deps: AppDeps, context: RequestContext, promoCode: string) =>
  changeCart(
    deps,
    context,
    existingOr(() => fail.badRequest(messages.promoInvalid, { promoCode: 'promoCodeError' })),
    (tx, order) => applyPromo(deps, tx, order, promoCode),
  );

/** Cart/RemovePromoCode. */
export const removeCartPromo = (deps: AppDeps, context: RequestContext) =>
  changeCart(deps, context, existingCart, (tx, order) => removePromo(tx, order));

/**
 * Cart/GetPromoCodeDiscount: what a promo code would take off the patient's cart, changing
 * nothing (a patient without a cart is told the code is not valid).
 */
export async function previewCartPromo(
  deps: AppDeps,
  context: RequestContext,
  promoCode: string,
): Promise<z.infer<typeof promoDiscountData>> {
  const { db } = deps.database;
  const order = await openOrderOf(db, context.principal);
  const preview = order ? await previewPromo(deps, db, order, promoCode) : null;
  const discountCents = preview?.outcome.valid ? preview.outcome.discountCents : 0;
  return {
    promoCode: preview?.code ?? promoCode,
    valid: Boolean(preview?.outcome.valid),
    discount: discountCents / 100,
    discountCents,
  };
}
