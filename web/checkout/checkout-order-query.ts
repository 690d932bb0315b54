import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../renderer/app/api-context';
import { patientCartQuery } from '../../renderer/features/cart/use-cart';
import { guestCheckoutOrderQuery } from '../../renderer/features/checkout/guest-checkout-order';
import type { ApiClient } from '../../shared/api/client';
import type { BuyerState } from './checkout-buyer';

/**
 * The order in checkout: a patient's is their cart, the very query the header's count and the
 * cart drawer read (one request for all of them on a checkout page); a guest's is the guest
 * order the browser kept, or the guest token's current one.
 */
export function checkoutOrderQuery(
  client: ApiClient,
  { buyer, guestOrderId, identity }: BuyerState,
) {
  return buyer === 'patient'
    ? patientCartQuery(client, identity)
    : guestCheckoutOrderQuery(client, guestOrderId);
}

export function useCheckoutOrder(buyer: BuyerState) {
  return useQuery(checkoutOrderQuery(useApiClient(), buyer));
}
