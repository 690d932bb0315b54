import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { StateData } from '../../../shared/contracts/catalog';
import { useApiClient } from '../../app/api-context';
import { phoneOrderKeys } from './phone-order-keys';

/**
 * GET State/GetStates with the agent's token (mode 5). The patient app reads it anonymously
 * with the api key (mode 6), which the console does not hold; the route takes any valid token.
 */
export async function fetchStatesAsStaff(client: ApiClient): Promise<StateData[]> {
  const url = joinUrl(client.bases.relative, endpointPath('states'));
  return (await client.get<StateData[]>(5, url)).data;
}

export function statesAsStaffQuery(client: ApiClient) {
  return queryOptions({
    queryKey: [...phoneOrderKeys.all, 'states'] as const,
    queryFn: () => fetchStatesAsStaff(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStatesAsStaff() {
  return useQuery(statesAsStaffQuery(useApiClient()));
}
