import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { PatientViewData } from '../../../shared/contracts/staff-patients';
import { useApiClient } from '../../app/api-context';
import { staffPatientKeys } from './staff-patient-keys';
import { staffUrl } from './staff-url';

/** GET /api/staff/patients/:userId: profile, orders, auto-refills, addresses, cards, visits, documents. */
export async function fetchPatientView(
  client: ApiClient,
  userId: string,
  signal?: AbortSignal,
): Promise<PatientViewData> {
  const path = `patients/${encodeURIComponent(userId)}`;
  const { data } = await client.get<PatientViewData>(5, staffUrl(client, path), undefined, {
    signal,
  });
  return data;
}

export function patientViewQueryOptions(client: ApiClient, userId: string) {
  return queryOptions({
    queryKey: staffPatientKeys.view(userId),
    queryFn: ({ signal }) => fetchPatientView(client, userId, signal),
    // Each view is audited: read it once per visit of the page, not on every focus.
    staleTime: 60_000,
  });
}

export function usePatientView(userId: string | undefined) {
  const client = useApiClient();
  return useQuery({
    ...patientViewQueryOptions(client, userId ?? ''),
    enabled: Boolean(userId),
  });
}
