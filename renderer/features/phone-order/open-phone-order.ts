import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';
import { endpointUrl } from './endpoint-url';
import { phoneOrderKeys } from './phone-order-keys';

/**
 * POST /api/staff/phone-orders {patientId}: the patient's open order (their cart, or a new one)
 * as a phone order placed by the calling agent. Opening again answers the same order.
 */
export async function openPhoneOrder(client: ApiClient, patientId: string): Promise<OrderData> {
  const url = endpointUrl(client, 'staffPhoneOrders', 'staff');
  const { data } = await client.post<Envelope<OrderData>>(5, url, { patientId });
  return data.Data;
}

/**
 * The phone order being built. Opened once (opening is audited, and answers the same order
 * anyway); from then on every step's answer replaces it in the cache (usePhoneOrderCache).
 */
export function phoneOrderQueryOptions(client: ApiClient, patientId: string) {
  return queryOptions({
    queryKey: phoneOrderKeys.ofPatient(patientId),
    queryFn: () => openPhoneOrder(client, patientId),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}

export function usePhoneOrder(patientId: string | null) {
  const client = useApiClient();
  return useQuery({ ...phoneOrderQueryOptions(client, patientId ?? ''), enabled: !!patientId });
}

/** Puts a step's answer (the updated order) in place of the phone order, or forgets it. */
export function usePhoneOrderCache(patientId: string) {
  const queryClient = useQueryClient();
  const key = phoneOrderKeys.ofPatient(patientId);
  const update = useCallback(
    (order: OrderData) => queryClient.setQueryData(key, order),
    [queryClient, key],
  );
  /** After the order was placed: the next phone order for the patient opens a new cart. */
  const forget = useCallback(
    () => queryClient.removeQueries({ queryKey: key }),
    [queryClient, key],
  );
  return { update, forget };
}
