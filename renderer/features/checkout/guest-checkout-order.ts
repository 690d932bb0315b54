import { isApiError } from '../../../shared/api/api-error';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { OrderData } from '../../../shared/contracts/orders';
import { openOrderFreshFor, openOrderQuery } from '../../app/open-order-query';
import { checkoutKeys } from './checkout-keys';

/**
 * A guest's order in checkout: the guest order whose id the browser kept
 * (GET v1/guestorders/{orderId}, mode 8, which also takes it over with a newer guest token),
 * else the guest token's current one (GET v1/guestorders/current).
 */
async function fetchGuestCheckoutOrder(
  client: ApiClient,
  guestOrderId: string | null,
): Promise<OrderData | null> {
  const path = guestOrderId
    ? `${endpointPath('guestOrders')}/${encodeURIComponent(guestOrderId)}`
    : endpointPath('guestOrderCurrent');
  try {
    return (await client.get<OrderData>(8, joinUrl(client.bases.guestOrders, path))).data;
  } catch (error) {
    // No guest order (none yet, or no longer open): an empty cart, not a failure.
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * A guest's order in checkout (a patient's is their cart: web/checkout/checkout-order-query.ts).
 * Every checkout page decides where the buyer goes from the order: no copy older than the
 * route's own prefetch or continueCheckout's read just before it navigated (each change of
 * the order invalidates it, and continueCheckout always reads it anew).
 */
export function guestCheckoutOrderQuery(client: ApiClient, guestOrderId: string | null) {
  return openOrderQuery({
    queryKey: checkoutKeys.order(guestOrderId),
    queryFn: () => fetchGuestCheckoutOrder(client, guestOrderId),
    staleTime: openOrderFreshFor,
  });
}
