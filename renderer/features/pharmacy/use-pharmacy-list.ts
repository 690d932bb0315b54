import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { PharmacyListItem } from '../../../shared/contracts/pharmacy';
import { useApiClient } from '../../app/api-context';
import { pharmacyKeys } from './pharmacy-keys';

/** GET Order/GetPharmacyList?search=[&zip=]: by name, city or zip (mode 8, any shopper). */
export async function fetchPharmacyList(
  client: ApiClient,
  search: string,
  zip: string | null,
): Promise<PharmacyListItem[]> {
  const url = joinUrl(client.bases.order, endpointPath('pharmacyList'));
  const result = await client.get<PharmacyListItem[]>(8, url, zip ? { search, zip } : { search });
  return result.data;
}

export function pharmacyListQuery(client: ApiClient, search: string, zip: string | null) {
  return queryOptions({
    queryKey: pharmacyKeys.list(search, zip),
    queryFn: () => fetchPharmacyList(client, search, zip),
  });
}

export function usePharmacyList(search: string | null, zip: string | null = null) {
  const client = useApiClient();
  return useQuery({
    ...pharmacyListQuery(client, search ?? '', zip),
    enabled: Boolean(search),
    placeholderData: keepPreviousData,
  });
}
