import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { ProductData } from '../../../shared/contracts/catalog';
import { useApiClient } from '../../app/api-context';
import { catalogKeys } from './catalog-keys';

/** GET Product/GetProductandConsultPrice?storefrontId=: the storefront's products with prices. */
export async function fetchProducts(
  client: ApiClient,
  storefrontId: number,
): Promise<ProductData[]> {
  const result = await client.get<ProductData[]>(
    8,
    joinUrl(client.bases.relative, endpointPath('productAndConsultPrice')),
    { storefrontId },
  );
  return result.data ?? [];
}

export function productsQueryOptions(client: ApiClient, storefrontId: number) {
  return queryOptions({
    queryKey: catalogKeys.products(storefrontId),
    queryFn: () => fetchProducts(client, storefrontId),
    staleTime: 5 * 60_000,
  });
}

export function useProducts(storefrontId: number) {
  const client = useApiClient();
  return useQuery(productsQueryOptions(client, storefrontId));
}
