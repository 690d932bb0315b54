import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { SavedViewData } from '../../../shared/contracts/staff-orders';
import { useApiClient } from '../../app/api-context';
import { staffOrderKeys } from './staff-order-keys';
import { staffUrl } from './staff-orders-url';

/** GET /api/staff/views: the signed-in staff member's own saved lookups, by name. */
export async function fetchSavedViews(client: ApiClient): Promise<SavedViewData[]> {
  const result = await client.get<SavedViewData[]>(5, staffUrl(client, 'views'));
  return result.data;
}

export function savedViewsOptions(client: ApiClient) {
  return queryOptions({
    queryKey: staffOrderKeys.views(),
    queryFn: () => fetchSavedViews(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSavedViews() {
  const client = useApiClient();
  return useQuery(savedViewsOptions(client));
}
