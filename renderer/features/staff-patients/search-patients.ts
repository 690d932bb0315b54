import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { PatientSearchData } from '../../../shared/contracts/staff-patients';
import { DEFAULT_PATIENT_PAGE_SIZE } from '../../../shared/contracts/staff-patients';
import { useApiClient } from '../../app/api-context';
import { staffPatientKeys } from './staff-patient-keys';
import { staffUrl } from './staff-url';

/** GET /api/staff/patients?q=&cursor=: one keyset page of the search (audited by the server). */
export async function searchPatients(
  client: ApiClient,
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PatientSearchData> {
  const params: Record<string, string | number> = { limit: DEFAULT_PATIENT_PAGE_SIZE };
  if (q) params.q = q;
  if (cursor) params.cursor = cursor;
  const { data } = await client.get<PatientSearchData>(5, staffUrl(client, 'patients'), params, {
    signal,
  });
  return data;
}

export function patientSearchQueryOptions(client: ApiClient, q: string) {
  return infiniteQueryOptions({
    queryKey: staffPatientKeys.search(q),
    queryFn: ({ pageParam, signal }) => searchPatients(client, q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The patients matching `q` (name, email, phone or date of birth), page after page. */
export function usePatientSearch(q: string) {
  const client = useApiClient();
  // The rows of the last search stay shown (greyed by the table) until the new ones arrive.
  return useInfiniteQuery({
    ...patientSearchQueryOptions(client, q.trim()),
    placeholderData: keepPreviousData,
  });
}
