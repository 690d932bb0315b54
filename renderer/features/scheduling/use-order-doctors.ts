import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { DoctorSummaryData } from '../../../shared/contracts/scheduling';
import { useApiClient } from '../../app/api-context';
import { schedulingKeys } from './scheduling-keys';

/** The doctors licensed for the order's shipping state: GET Order/GetDoctorsByOrderId for a
 * patient, GET v1/guestorders/current/getdoctors for a guest (mode 8). */
export async function fetchOrderDoctors(
  client: ApiClient,
  buyer: 'patient' | 'guest',
  orderId: string,
): Promise<DoctorSummaryData[]> {
  if (buyer === 'guest') {
    const url = joinUrl(client.bases.guestOrders, endpointPath('guestOrderDoctors'));
    return (await client.get<DoctorSummaryData[]>(8, url)).data;
  }
  const url = joinUrl(client.bases.order, endpointPath('doctorsByOrderId'));
  return (await client.get<DoctorSummaryData[]>(8, url, { orderId })).data;
}

export function orderDoctorsQuery(client: ApiClient, buyer: 'patient' | 'guest', orderId: string) {
  return queryOptions({
    queryKey: schedulingKeys.orderDoctors(buyer, orderId),
    queryFn: () => fetchOrderDoctors(client, buyer, orderId),
  });
}

export function useOrderDoctors(buyer: 'patient' | 'guest' | null, orderId: string | null) {
  const client = useApiClient();
  return useQuery({
    ...orderDoctorsQuery(client, buyer ?? 'guest', orderId ?? ''),
    enabled: buyer !== null && Boolean(orderId),
  });
}
