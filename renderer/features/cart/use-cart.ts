import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';
import { openOrderFreshFor, openOrderQuery } from '../../app/open-order-query';
import { cartKeys } from './cart-keys';
import type { CartContext } from './cart-owner';

/**
 * A guest's open order in the cart drawer and the header: GET v1/guestorders/{orderId} (which
 * also hands an order made under an expired guest token to the current one). Null when there is
 * none or it was placed; a stored guest order that no longer exists is forgotten.
 */
async function fetchGuestCart(
  client: ApiClient,
  orderId: string | null,
  onGone: () => void,
): Promise<OrderData | null> {
  if (!orderId) return null;
  try {
    const url = joinUrl(client.bases.guestOrders, encodeURIComponent(orderId));
    const result = await client.get<OrderData>(8, url);
    // A placed order is no longer a cart. Its id stays in storage (the order confirmation reads
    // it) until the next product added starts a new guest order.
    return isOpenOrder(result.data) ? result.data : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      onGone();
      return null;
    }
    throw error;
  }
}

/**
 * A patient's open order (GET Cart/GetItemsInCart, mode 4: the user-service base and the user
 * token; null when there is none). The server keeps one per patient, whatever the storefront, so
 * the read carries no storefrontId: the checkout's read and the header's are one request.
 */
async function fetchPatientCart(client: ApiClient): Promise<OrderData | null> {
  return (await client.get<OrderData | null>(4, endpointPath('cartItems'))).data ?? null;
}

/**
 * The one query of a patient's open order: the header's count, the cart drawer and every
 * checkout page read it, so a page asks once.
 */
export function patientCartQuery(client: ApiClient, identity: string) {
  return openOrderQuery({
    queryKey: cartKeys.current({ kind: 'patient', identity }),
    queryFn: () => fetchPatientCart(client),
    staleTime: openOrderFreshFor,
  });
}

/** Statuses in which an order is still a cart that may change. */
export const openOrderStatuses: readonly string[] = ['cart', 'disqualified'];

export function isOpenOrder(order: OrderData | null | undefined): order is OrderData {
  return !!order && openOrderStatuses.includes(order.status);
}

/** The open order: a patient's cart, or a guest's order. */
export function cartQueryOptions(client: ApiClient, context: CartContext) {
  const { owner } = context;
  if (owner.kind === 'patient') return patientCartQuery(client, owner.identity);
  return openOrderQuery({
    queryKey: cartKeys.current(owner),
    queryFn: () => fetchGuestCart(client, owner.orderId, context.onGuestOrderGone),
  });
}

export function useCart(context: CartContext) {
  const client = useApiClient();
  return useQuery(cartQueryOptions(client, context));
}
