import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { DoctorBioData } from '../../../shared/contracts/scheduling';
import { useApiClient } from '../../app/api-context';
import { schedulingKeys } from './scheduling-keys';

/** GET Order/GetDoctorBio?doctorId= (mode 8, any shopper). */
export async function fetchDoctorBio(client: ApiClient, doctorId: number): Promise<DoctorBioData> {
  const url = joinUrl(client.bases.order, endpointPath('doctorBio'));
  return (await client.get<DoctorBioData>(8, url, { doctorId })).data;
}

export function doctorBioQuery(client: ApiClient, doctorId: number) {
  return queryOptions({
    queryKey: schedulingKeys.bio(doctorId),
    queryFn: () => fetchDoctorBio(client, doctorId),
    staleTime: 10 * 60_000,
  });
}

export function useDoctorBio(doctorId: number) {
  return useQuery(doctorBioQuery(useApiClient(), doctorId));
}
