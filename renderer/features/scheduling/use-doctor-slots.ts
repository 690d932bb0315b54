import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { SlotData } from '../../../shared/contracts/scheduling';
import { useApiClient } from '../../app/api-context';
import { schedulingKeys } from './scheduling-keys';

export const SLOT_DAYS = 14;

/** GET Order/GetDoctorSlots?doctorId=&days=&timeZone=: free times from now (mode 8). */
export async function fetchDoctorSlots(
  client: ApiClient,
  doctorId: number,
  days: number,
  timeZone: string,
): Promise<SlotData[]> {
  const url = joinUrl(client.bases.order, endpointPath('doctorSlots'));
  return (await client.get<SlotData[]>(8, url, { doctorId, days, timeZone })).data;
}

export function doctorSlotsQuery(
  client: ApiClient,
  doctorId: number,
  days: number,
  timeZone: string,
) {
  return queryOptions({
    queryKey: schedulingKeys.slots(doctorId, days, timeZone),
    queryFn: () => fetchDoctorSlots(client, doctorId, days, timeZone),
    // Times are taken by others all the time: always ask again when the picker opens.
    staleTime: 0,
  });
}

export function useDoctorSlots(doctorId: number | null, timeZone: string, days = SLOT_DAYS) {
  const client = useApiClient();
  return useQuery({
    ...doctorSlotsQuery(client, doctorId ?? 0, days, timeZone),
    enabled: doctorId !== null,
  });
}
