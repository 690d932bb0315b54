import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { PatientOrdersData } from '../../../shared/contracts/staff-patients';
import { useApiClient } from '../../app/api-context';
import { staffPatientKeys } from './staff-patient-keys';
import { staffUrl } from './staff-url';

/** GET /api/staff/patients/:userId/orders?cursor=: the orders after the patient view's first page. */
export async function fetchPatientOrders(
  client: ApiClient,
  userId: string,
  cursor: string,
  signal?: AbortSignal,
): Promise<PatientOrdersData> {
  const path = `patients/${encodeURIComponent(userId)}/orders`;
  const { data } = await client.get<PatientOrdersData>(
    5,
    staffUrl(client, path),
    { cursor },
    {
      signal,
    },
  );
  return data;
}

export function patientOrdersQueryOptions(client: ApiClient, userId: string, firstCursor: string) {
  return infiniteQueryOptions({
    queryKey: [...staffPatientKeys.orders(userId), { after: firstCursor }] as const,
    queryFn: ({ pageParam, signal }) => fetchPatientOrders(client, userId, pageParam, signal),
    initialPageParam: firstCursor,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * The patient's older orders, loaded only when asked for (`enabled`): the view already holds
 * the first page and its cursor.
 */
export function usePatientOlderOrders(
  userId: string,
  firstCursor: string | null,
  enabled: boolean,
) {
  const client = useApiClient();
  return useInfiniteQuery({
    ...patientOrdersQueryOptions(client, userId, firstCursor ?? ''),
    enabled: enabled && Boolean(firstCursor),
  });
}
