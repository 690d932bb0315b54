import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { orderDetailsData } from '../../../shared/contracts/order-history';
import { useApiClient } from '../../app/api-context';
import { checkoutKeys } from './checkout-keys';

export type OrderDetailsData = z.infer<typeof orderDetailsData>;

/** GET Order/GetOrderDetails?orderId=: a placed order of the patient (mode 5, the user token). */
export async function fetchOrderDetails(
  client: ApiClient,
  orderId: string,
): Promise<OrderDetailsData> {
  const url = joinUrl(client.bases.order, endpointPath('orderDetails'));
  return (await client.get<OrderDetailsData>(5, url, { orderId })).data;
}

export function orderDetailsQuery(client: ApiClient, orderId: string) {
  return queryOptions({
    queryKey: checkoutKeys.orderDetails(orderId),
    queryFn: () => fetchOrderDetails(client, orderId),
  });
}

export function useOrderDetails(orderId: string | null) {
  const client = useApiClient();
  return useQuery({ ...orderDetailsQuery(client, orderId ?? ''), enabled: Boolean(orderId) });
}
