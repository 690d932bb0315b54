import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';
import { checkoutKeys } from './checkout-keys';

/**
 * The order in checkout. A patient's is their cart (GET Cart/GetItemsInCart, mode 4: the
 * user-service base and the user token; null when there is none). A guest's is the guest order
 * whose id the browser kept (GET v1/guestorders/{orderId}, mode 8, which also takes it over
 * with a newer guest token), else the guest token's current one (GET v1/guestorders/current).
 */
export async function fetchCheckoutOrder(
  client: ApiClient,
  buyer: 'patient' | 'guest',
  guestOrderId: string | null,
): Promise<OrderData | null> {
  if (buyer === 'patient') {
    return (await client.get<OrderData | null>(4, endpointPath('cartItems'))).data ?? null;
  }
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

export function checkoutOrderQuery(
  client: ApiClient,
  buyer: 'patient' | 'guest',
  guestOrderId: string | null,
) {
  return queryOptions({
    queryKey: checkoutKeys.order(buyer, guestOrderId),
    queryFn: () => fetchCheckoutOrder(client, buyer, guestOrderId),
    // Every checkout page decides where the buyer goes from the order: no copy older than the
    // route's own prefetch or continueCheckout's read just before it navigated (each change of
    // the order invalidates it, and continueCheckout always reads it anew).
    staleTime: 2_000,
  });
}

export function useCheckoutOrder(buyer: 'patient' | 'guest', guestOrderId: string | null) {
  return useQuery(checkoutOrderQuery(useApiClient(), buyer, guestOrderId));
}
