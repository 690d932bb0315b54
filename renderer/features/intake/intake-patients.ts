import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { IntakeListData } from '../../../shared/contracts/registration';
import { DEFAULT_INTAKE_PAGE_SIZE } from '../../../shared/contracts/registration';
import { useApiClient } from '../../app/api-context';
import { intakeKeys } from './intake-keys';
import { intakeUrl } from './intake-url';

/** GET /api/staff/intake/patients?after=: the calling ECP's patients, newest first. */
export async function fetchIntakePatients(
  client: ApiClient,
  after: string | null,
  signal?: AbortSignal,
): Promise<IntakeListData> {
  const params: Record<string, string | number> = { limit: DEFAULT_INTAKE_PAGE_SIZE };
  if (after) params.after = after;
  const { data } = await client.get<IntakeListData>(5, intakeUrl(client, 'patients'), params, {
    signal,
  });
  return data;
}

export function intakePatientsQueryOptions(client: ApiClient) {
  return infiniteQueryOptions({
    queryKey: intakeKeys.patients(),
    queryFn: ({ pageParam, signal }) => fetchIntakePatients(client, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useIntakePatients() {
  const client = useApiClient();
  return useInfiniteQuery(intakePatientsQueryOptions(client));
}
