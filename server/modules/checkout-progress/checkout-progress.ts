import type { CheckoutProgressData } from '../../../shared/contracts/checkout-progress';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import type { RequestContext } from '../auth/request-context';
import { openOrderOf, orderForCaller } from '../orders/order-access';
import { priceOrder } from '../orders/order-pricing';
import { firstRouteOfOrder, visitTypeOfOrder } from '../orders/order-route';
import { completedStageBits, pendingStagesOf, requiredStageBits } from '../orders/order-stages';

/**
 * An order's stages (required, completed, pending) and the route of its first pending one:
 * the order named, or the caller's open order.
 */
export async function checkoutProgress(
  deps: AppDeps,
  context: RequestContext,
  orderId: string | undefined,
): Promise<CheckoutProgressData> {
  return deps.database.db.transaction(async (tx) => {
    const order = orderId
      ? await orderForCaller(tx, context.principal, orderId)
      : await openOrderOf(tx, context.principal);
    if (!order) throw fail.notFound(messages.noOrderInProgress);
    const priced = await priceOrder(deps, tx, order);
    const signedIn = order.userId !== null;
    return {
      orderId: order.id,
      status: priced.order.status,
      checkoutStages: requiredStageBits(priced.items),
      completedCheckoutStages: completedStageBits(priced.items),
      pendingStages: pendingStagesOf(priced.items, signedIn),
      nextRoute: await firstRouteOfOrder(deps, priced, signedIn),
      visitType: visitTypeOfOrder(priced),
    };
  });
}
