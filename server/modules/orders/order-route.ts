import { displayPagesOf, orderNextRoute } from '../../../shared/checkout/first-pending-route';
import type { RoutePath } from '../../../shared/checkout/routes';
import { isVisitType, type VisitType } from '../../../shared/checkout/visit-type';
import type { AppDeps } from '../../deps';
import { storefrontProducts } from '../catalog/product-cache';
import { cachedStorefrontSettings } from '../config/storefront-cache';
import type { PricedOrder } from './order-pricing';
import { pendingStagesOf } from './order-stages';

/**
 * Loads the storefront's settings and catalog into their caches. Call it before a transaction
 * that prices or routes an order: on PGlite (one connection) a cache miss inside the
 * transaction would wait on the database the transaction holds, for ever.
 */
export async function warmStorefrontCaches(deps: AppDeps, storefrontId: number): Promise<void> {
  await Promise.all([
    cachedStorefrontSettings(deps.database, storefrontId),
    storefrontProducts(deps.database, storefrontId),
  ]);
}

/**
 * The order's visit type: the lowest among its consult items (a scheduled visit covers a
 * doctor's confirmation too). 1 when there is none: Scheduling is then not pending anyway.
 */
export function visitTypeOfOrder(priced: PricedOrder): VisitType {
  let lowest: VisitType | null = null;
  for (const item of priced.items) {
    const product = priced.products.get(item.productId);
    if (!product?.isConsultRequired || !isVisitType(product.visitType)) continue;
    if (lowest === null || product.visitType < lowest) lowest = product.visitType;
  }
  return lowest ?? 1;
}

/**
 * Where a loaded order goes (spec §2 "Routing after an order loads", shared/checkout
 * orderNextRoute). The buyer is signed in when the order belongs to a user (a guest's order
 * has no user until sign-in).
 */
export async function firstRouteOfOrder(
  deps: AppDeps,
  priced: PricedOrder,
  signedIn: boolean = priced.order.userId !== null,
): Promise<RoutePath> {
  const settings = await cachedStorefrontSettings(deps.database, priced.order.storefrontId);
  return orderNextRoute({
    status: priced.order.status,
    itemCount: priced.items.length,
    pending: pendingStagesOf(priced.items, signedIn),
    displayPages: displayPagesOf(settings?.applicationSettings),
    visitType: visitTypeOfOrder(priced),
  });
}
