import {
  type InfiniteData,
  infiniteQueryOptions,
  type keepPreviousData,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import {
  MAX_STAFF_ORDER_PAGE_SIZE,
  type StaffOrderListData,
} from '../../../shared/contracts/staff-orders';
import { useApiClient } from '../../app/api-context';
import { staffOrderKeys } from './staff-order-keys';
import { staffUrl } from './staff-orders-url';

/** The largest page the server gives: 10,000 rows are 50 requests. */
export const ORDER_PAGE_SIZE = MAX_STAFF_ORDER_PAGE_SIZE;

/** GET /api/staff/orders: one keyset page of the lookup (the cursor carries the sort). */
export async function fetchOrderPage(
  client: ApiClient,
  params: Record<string, string>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<StaffOrderListData> {
  const query = { ...params, limit: ORDER_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
  const result = await client.get<StaffOrderListData>(5, staffUrl(client, 'orders'), query, {
    signal,
  });
  return result.data;
}

/**
 * The lookup's pages. They never go stale on their own: refetching an infinite query reloads
 * every page, which for 10,000 rows is 50 requests; a new search or "Refresh" starts over.
 */
export function orderListOptions(client: ApiClient, params: Record<string, string>) {
  return infiniteQueryOptions({
    queryKey: staffOrderKeys.list(params),
    queryFn: ({ pageParam, signal }) => fetchOrderPage(client, params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
}

/**
 * The lookup's rows. Pass `keepPreviousData` to keep the last search's rows on screen while a
 * new sort or filter loads (no flash of an empty table).
 */
export function useOrderList(
  params: Record<string, string>,
  placeholder?: typeof keepPreviousData<InfiniteData<StaffOrderListData, string | null>>,
) {
  const client = useApiClient();
  return useInfiniteQuery({ ...orderListOptions(client, params), placeholderData: placeholder });
}

/** The rows of one page (module scope: DataTable's row list depends on its identity). */
export const rowsOfOrderPage = (page: StaffOrderListData) => page.rows;
