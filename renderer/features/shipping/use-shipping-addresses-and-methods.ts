import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { shippingAddressesAndMethodsData } from '../../../shared/contracts/shipping';
import { useApiClient } from '../../app/api-context';
import { shippingKeys } from './shipping-keys';

export type ShippingAddressesAndMethods = z.infer<typeof shippingAddressesAndMethodsData>;

/** GET Order/ShippingAddressesAndMethods?orderId=: a signed-in patient's saved addresses, the
 * methods for the order's address and what the order uses now (mode 5, the user token). */
export async function fetchShippingAddressesAndMethods(
  client: ApiClient,
  orderId: string,
): Promise<ShippingAddressesAndMethods> {
  const url = joinUrl(client.bases.order, endpointPath('shippingAddressesAndMethods'));
  const result = await client.get<ShippingAddressesAndMethods>(5, url, { orderId });
  return result.data;
}

export function shippingAddressesAndMethodsQuery(client: ApiClient, orderId: string) {
  return queryOptions({
    queryKey: shippingKeys.addressesAndMethods(orderId),
    queryFn: () => fetchShippingAddressesAndMethods(client, orderId),
    // The app's default freshness (30 s), so that the page mounting just after the route's
    // prefetch uses its answer: saving the shipping invalidates it.
  });
}

export function useShippingAddressesAndMethods(orderId: string | null, enabled = true) {
  const client = useApiClient();
  return useQuery({
    ...shippingAddressesAndMethodsQuery(client, orderId ?? ''),
    enabled: enabled && Boolean(orderId),
  });
}
