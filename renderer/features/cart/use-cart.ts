import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';
import { cartKeys } from './cart-keys';
import type { CartContext } from './cart-owner';

/**
 * The open order: a patient's through GET Cart/GetItemsInCart, a guest's through
 * GET v1/guestorders/{orderId} (which also hands an order made under an expired guest token to
 * the current one). Null when there is none or it was placed; a stored guest order that no
 * longer exists is forgotten.
 */
export async function fetchCart(
  client: ApiClient,
  context: CartContext,
): Promise<OrderData | null> {
  const { owner } = context;
  if (owner.kind === 'patient') {
    const result = await client.get<OrderData | null>(4, endpointPath('cartItems'), {
      storefrontId: context.storefrontId,
    });
    return result.data ?? null;
  }
  if (!owner.orderId) return null;
  try {
    const url = joinUrl(client.bases.guestOrders, encodeURIComponent(owner.orderId));
    const result = await client.get<OrderData>(8, url);
    // A placed order is no longer a cart. Its id stays in storage (the order confirmation reads
    // it) until the next product added starts a new guest order.
    return isOpenOrder(result.data) ? result.data : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      context.onGuestOrderGone();
      return null;
    }
    throw error;
  }
}

/** Statuses in which an order is still a cart that may change. */
export const openOrderStatuses: readonly string[] = ['cart', 'disqualified'];

export function isOpenOrder(order: OrderData | null | undefined): order is OrderData {
  return !!order && openOrderStatuses.includes(order.status);
}

export function cartQueryOptions(client: ApiClient, context: CartContext) {
  return queryOptions({
    queryKey: cartKeys.current(context.owner, context.storefrontId),
    queryFn: () => fetchCart(client, context),
  });
}

export function useCart(context: CartContext) {
  const client = useApiClient();
  return useQuery(cartQueryOptions(client, context));
}
