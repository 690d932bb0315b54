import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { StaffOrderDetail } from '../../../shared/contracts/staff-orders';
import { useApiClient } from '../../app/api-context';
import { staffOrderKeys } from './staff-order-keys';
import { staffUrl } from './staff-orders-url';

/** GET /api/staff/orders/:orderId: the order, its payments and history, and allowed actions. */
export async function fetchOrderDetail(
  client: ApiClient,
  orderId: string,
  signal?: AbortSignal,
): Promise<StaffOrderDetail> {
  const path = `orders/${encodeURIComponent(orderId)}`;
  const result = await client.get<StaffOrderDetail>(5, staffUrl(client, path), undefined, {
    signal,
  });
  return result.data;
}

export function orderDetailOptions(client: ApiClient, orderId: string) {
  return queryOptions({
    queryKey: staffOrderKeys.detail(orderId),
    queryFn: ({ signal }) => fetchOrderDetail(client, orderId, signal),
    // Each opening is a fresh read (and an audited one): another agent may have acted on it.
    staleTime: 0,
  });
}

export function useOrderDetail(orderId: string) {
  const client = useApiClient();
  return useQuery(orderDetailOptions(client, orderId));
}
