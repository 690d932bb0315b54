import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { OrderDetailsData } from '../../../shared/contracts/order-history';
import { useApiClient } from '../../app/api-context';
import { accountKeys } from './account-keys';

/** GET GetOrderDetails?orderId=: the order with its items, status, payments and history. */
export async function fetchOrderDetails(
  client: ApiClient,
  orderId: string,
): Promise<OrderDetailsData> {
  const result = await client.get<OrderDetailsData>(
    5,
    joinUrl(client.bases.order, endpointPath('orderDetails')),
    { orderId },
  );
  return result.data;
}

export function orderDetailsQueryOptions(client: ApiClient, identity: string, orderId: string) {
  return queryOptions({
    queryKey: accountKeys.orderDetails(identity, orderId),
    queryFn: () => fetchOrderDetails(client, orderId),
  });
}

export function useOrderDetails(identity: string, orderId: string, enabled = true) {
  const client = useApiClient();
  return useQuery({ ...orderDetailsQueryOptions(client, identity, orderId), enabled });
}
