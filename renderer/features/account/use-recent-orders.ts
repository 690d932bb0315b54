import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { OrderSummary } from '../../../shared/contracts/order-history';
import { useApiClient } from '../../app/api-context';
import { accountKeys } from './account-keys';

/** GET GetRecentOrders: the patient's last few placed orders. */
export async function fetchRecentOrders(client: ApiClient): Promise<OrderSummary[]> {
  const result = await client.get<OrderSummary[]>(
    5,
    joinUrl(client.bases.order, endpointPath('recentOrders')),
  );
  return result.data ?? [];
}

export function recentOrdersQueryOptions(client: ApiClient, identity: string) {
  return queryOptions({
    queryKey: accountKeys.recentOrders(identity),
    queryFn: () => fetchRecentOrders(client),
  });
}

export function useRecentOrders(identity: string) {
  const client = useApiClient();
  return useQuery(recentOrdersQueryOptions(client, identity));
}
