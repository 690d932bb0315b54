import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { PublicConfigData } from '../../../shared/contracts/config';
import { useApiClient } from '../../app/api-context';
import { checkoutKeys } from './checkout-keys';

/** GET config public: the storefront's application settings (display pages, PharmacyChoice,
 * HideBMI) among the runtime config (mode 3: the config-service base and the api key). */
export async function fetchPublicConfig(client: ApiClient): Promise<PublicConfigData> {
  return (await client.get<PublicConfigData>(3, endpointPath('publicConfig'))).data;
}

export function publicConfigQuery(client: ApiClient) {
  return queryOptions({
    queryKey: checkoutKeys.publicConfig(),
    queryFn: () => fetchPublicConfig(client),
    staleTime: 5 * 60_000,
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQuery(useApiClient()));
}
