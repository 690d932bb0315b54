import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { productWiseShippingData } from '../../../shared/contracts/shipping';
import { useApiClient } from '../../app/api-context';
import { shippingKeys } from './shipping-keys';

export type ProductWiseShipping = z.infer<typeof productWiseShippingData>;

/** GET Payment/GetProductWiseShippingMethodsWithState?state=&orderId=: per item, whether it
 * ships to the state and with which methods (mode 8: the user token, else the guest token). */
export async function fetchProductShippingMethods(
  client: ApiClient,
  orderId: string,
  state: string,
): Promise<ProductWiseShipping> {
  const url = joinUrl(client.bases.payment, endpointPath('productShippingMethods'));
  const result = await client.get<ProductWiseShipping>(8, url, { state, orderId });
  return result.data;
}

export function productShippingMethodsQuery(client: ApiClient, orderId: string, state: string) {
  return queryOptions({
    queryKey: shippingKeys.productMethods(orderId, state),
    queryFn: () => fetchProductShippingMethods(client, orderId, state),
  });
}

/** The methods every item of the order can ship with to a state (their intersection). */
export function commonMethods(data: ProductWiseShipping | undefined) {
  if (!data || data.items.length === 0) return [];
  const [first, ...rest] = data.items;
  return (first?.methods ?? []).filter((method) =>
    rest.every((item) => item.methods.some((m) => m.id === method.id)),
  );
}

export function useProductShippingMethods(orderId: string | null, state: string | null) {
  const client = useApiClient();
  return useQuery({
    ...productShippingMethodsQuery(client, orderId ?? '', state ?? ''),
    enabled: Boolean(orderId) && Boolean(state),
    placeholderData: keepPreviousData,
  });
}
