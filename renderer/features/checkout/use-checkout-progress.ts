import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { checkoutProgressData } from '../../../shared/contracts/checkout-progress';
import { useApiClient } from '../../app/api-context';
import { checkoutKeys } from './checkout-keys';

export type CheckoutProgressData = z.infer<typeof checkoutProgressData>;

/** GET Order/GetCheckOutProgress?orderId=: the order's stages, pending stages and visit type
 * (mode 8: the user token, else the guest token). */
export async function fetchCheckoutProgress(
  client: ApiClient,
  orderId: string,
): Promise<CheckoutProgressData> {
  const url = joinUrl(client.bases.order, endpointPath('checkoutProgress'));
  return (await client.get<CheckoutProgressData>(8, url, { orderId })).data;
}

export function checkoutProgressQuery(client: ApiClient, orderId: string) {
  return queryOptions({
    queryKey: checkoutKeys.progress(orderId),
    queryFn: () => fetchCheckoutProgress(client, orderId),
    staleTime: 0,
  });
}

export function useCheckoutProgress(orderId: string | null) {
  const client = useApiClient();
  return useQuery({ ...checkoutProgressQuery(client, orderId ?? ''), enabled: Boolean(orderId) });
}
