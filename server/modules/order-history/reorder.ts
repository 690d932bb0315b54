import type { ReorderRequest } from '../../../shared/contracts/order-history';
import type { OrderData } from '../../../shared/contracts/orders';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import type { Principal } from '../auth/principal';
import { setCartLines } from '../cart/cart-service';
import { type Product, storefrontProducts } from '../catalog/product-cache';
import { assertOpen, ensureOpenOrder, orderForCaller } from '../orders/order-access';
import { priceOrder } from '../orders/order-pricing';
import { findOrder, orderItemsOf } from '../orders/order-queries';
import { orderView } from '../orders/order-view';
import { isPlaced } from './placed-orders';

/**
 * The quantity to put in the cart: the larger of what the cart holds and what was ordered,
 * brought into the product's current range (the range may have changed since the order).
 */
export function reorderQuantity(product: Product, ordered: number, inCart: number): number {
  const wanted = Math.max(ordered, inCart);
  if (product.qtyRange.includes(wanted)) return wanted;
  const fitting = product.qtyRange.filter((q) => q <= wanted);
  return fitting.length > 0 ? Math.max(...fitting) : product.defaultQuantity;
}

/**
 * Puts a placed order's products (or one of them) into the caller's open cart, keeping what
 * the cart already holds. A consult product comes back as a new item with no stage completed:
 * a new order needs a new consult. A product already in the cart keeps its progress.
 */
export async function reorder(
  deps: AppDeps,
  principal: Principal,
  input: ReorderRequest,
): Promise<OrderData> {
  return deps.database.db.transaction(async (tx) => {
    const source = await orderForCaller(tx, principal, input.orderId);
    if (!isPlaced(source.status)) {
      throw fail.conflict(messages.reorderNeedsPlacedOrder);
    }
    const sourceItems = (await orderItemsOf(tx, source.id)).filter(
      (item) => input.productId === undefined || item.productId === input.productId,
    );
    if (sourceItems.length === 0) throw fail.notFound(messages.productNotInOrder);

    const cart = await ensureOpenOrder(tx, principal, { storefrontId: source.storefrontId });
    assertOpen(cart);
    const catalog = await storefrontProducts(deps.database, cart.storefrontId, tx);
    const available = sourceItems.filter((item) => catalog.has(item.productId));
    if (available.length === 0) {
      throw fail.conflict(
        input.productId === undefined
          ? 'None of the products of this order can be ordered any more.'
          : 'This product can no longer be ordered.',
      );
    }
    const inCart = new Map((await orderItemsOf(tx, cart.id)).map((i) => [i.productId, i.qty]));
    await setCartLines(
      deps,
      tx,
      cart,
      available.map((item) => ({
        productId: item.productId,
        qty: reorderQuantity(
          catalog.get(item.productId) as Product,
          item.qty,
          inCart.get(item.productId) ?? 0,
        ),
      })),
    );
    const fresh = await findOrder(tx, cart.id);
    if (!fresh) throw fail.conflict();
    return orderView(deps, tx, await priceOrder(deps, tx, fresh));
  });
}
