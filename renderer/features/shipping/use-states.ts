import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { StateData } from '../../../shared/contracts/catalog';
import { useApiClient } from '../../app/api-context';
import { shippingKeys } from './shipping-keys';

/** GET State/GetStates: the states a US storefront ships to (an anonymous read, mode 6). */
export async function fetchStates(client: ApiClient): Promise<StateData[]> {
  const result = await client.get<StateData[]>(
    6,
    joinUrl(client.bases.relative, endpointPath('states')),
  );
  return result.data;
}

export function statesQuery(client: ApiClient) {
  return queryOptions({
    queryKey: shippingKeys.states(),
    queryFn: () => fetchStates(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStates() {
  return useQuery(statesQuery(useApiClient()));
}
