import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { useApiClient } from '../../app/api-context';
import { staffOrderKeys } from './staff-order-keys';

export interface ProductOption {
  productId: number;
  displayName: string;
}

/** GET Product/GetProductandConsultPrice?storefrontId=: the catalog, for the product filter. */
export async function fetchProductOptions(
  client: ApiClient,
  storefrontId: number,
): Promise<ProductOption[]> {
  const result = await client.get<{ productId: number; displayName: string }[]>(
    5,
    joinUrl(client.bases.relative, endpointPath('productAndConsultPrice')),
    { storefrontId },
  );
  return result.data
    .map(({ productId, displayName }) => ({ productId, displayName }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}

export function productOptionsOptions(client: ApiClient, storefrontId: number) {
  return queryOptions({
    queryKey: staffOrderKeys.products(storefrontId),
    queryFn: () => fetchProductOptions(client, storefrontId),
    staleTime: 10 * 60_000,
  });
}

export function useProductOptions(storefrontId: number) {
  const client = useApiClient();
  return useQuery(productOptionsOptions(client, storefrontId));
}
