import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { useApiClient } from '../../app/api-context';
import { questionnaireKeys } from './questionnaire-keys';

/** GET Product/SearchMedications?term= (an anonymous catalog read: mode 6, the api key). */
export async function searchMedications(client: ApiClient, term: string): Promise<string[]> {
  const url = joinUrl(client.bases.relative, endpointPath('medicationSearch'));
  const result = await client.get<string[]>(6, url, { term });
  return result.data;
}

/** A stable `searchMedications(term)` for MedicationsField, cached per term. */
export function useMedicationSearch(): (term: string) => Promise<string[]> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    (term: string) =>
      queryClient.fetchQuery({
        queryKey: questionnaireKeys.medications(term.toLowerCase()),
        queryFn: () => searchMedications(client, term),
        staleTime: 5 * 60_000,
      }),
    [client, queryClient],
  );
}
