import type { CheckoutRedirectData } from '../../../shared/contracts/catalog';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { orderItems } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import type { Principal } from '../auth/principal';
import { assertOpen, ensureOpenOrder } from '../orders/order-access';
import { priceOrder } from '../orders/order-pricing';
import { firstRouteOfOrder, warmStorefrontCaches } from '../orders/order-route';
import { storefrontProducts } from './product-cache';

/**
 * The checkout redirect of spec §7 (Order/AddToCart?productId=&storefrontId=): puts the product
 * in the caller's open order at its default quantity (an item already there is kept as it is)
 * and says where checkout continues.
 */
export async function addToCartAndRoute(
  deps: AppDeps,
  principal: Principal,
  input: { productId: number; storefrontId: number },
): Promise<CheckoutRedirectData> {
  const catalog = await storefrontProducts(deps.database, input.storefrontId);
  const product = catalog.get(input.productId);
  if (!product) throw fail.notFound(messages.productNotFound);
  await warmStorefrontCaches(deps, input.storefrontId);

  return deps.database.db.transaction(async (tx) => {
    const order = await ensureOpenOrder(tx, principal, { storefrontId: input.storefrontId });
    assertOpen(order);
    // An open order of another storefront cannot take this storefront's product.
    if (order.storefrontId !== product.storefrontId) throw fail.notFound(messages.productNotFound);
    await tx
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: product.id,
        qty: product.defaultQuantity,
        unitPriceCents: product.priceCents,
        consultFeeCents: product.consultFeeCents,
        checkoutStages: product.requiredStages,
      })
      .onConflictDoNothing();
    const priced = await priceOrder(deps, tx, order);
    return {
      orderId: order.id,
      redirectTo: await firstRouteOfOrder(deps, priced),
    };
  });
}
