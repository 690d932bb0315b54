import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { useApiClient } from '../../app/api-context';
import { phoneOrderKeys } from './phone-order-keys';

/**
 * GET Product/SearchMedications?term= with the agent's token (mode 5): the patient app reads it
 * with the api key (mode 6), which the console does not hold; the route takes any valid token.
 */
export async function searchMedicationsAsStaff(client: ApiClient, term: string): Promise<string[]> {
  const url = joinUrl(client.bases.relative, endpointPath('medicationSearch'));
  return (await client.get<string[]>(5, url, { term })).data;
}

/** A stable `searchMedications(term)` for the questionnaire's medications field, cached per term. */
export function useMedicationSearchAsStaff(): (term: string) => Promise<string[]> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    (term: string) =>
      queryClient.fetchQuery({
        queryKey: [...phoneOrderKeys.all, 'medications', term.toLowerCase()],
        queryFn: () => searchMedicationsAsStaff(client, term),
        staleTime: 5 * 60_000,
      }),
    [client, queryClient],
  );
}
