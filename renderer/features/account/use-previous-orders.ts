import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { PreviousOrdersData } from '../../../shared/contracts/order-history';
import { useApiClient } from '../../app/api-context';
import { accountKeys } from './account-keys';

export const ORDER_HISTORY_PAGE_SIZE = 10;

/** GET GetPreviousOrders?after=&limit=: the order history, newest first, a keyset page at a time. */
export async function fetchPreviousOrders(
  client: ApiClient,
  after: string | null,
  limit: number,
): Promise<PreviousOrdersData> {
  const result = await client.get<PreviousOrdersData>(
    5,
    joinUrl(client.bases.order, endpointPath('previousOrders')),
    { ...(after ? { after } : {}), limit },
  );
  return result.data;
}

export function previousOrdersQueryOptions(client: ApiClient, identity: string, limit: number) {
  return infiniteQueryOptions({
    queryKey: accountKeys.previousOrders(identity, limit),
    queryFn: ({ pageParam }) => fetchPreviousOrders(client, pageParam, limit),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function usePreviousOrders(identity: string, limit = ORDER_HISTORY_PAGE_SIZE) {
  const client = useApiClient();
  return useInfiniteQuery(previousOrdersQueryOptions(client, identity, limit));
}
