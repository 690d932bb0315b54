import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { CardData } from '../../../shared/contracts/payments';
import { useApiClient } from '../../app/api-context';
import { paymentKeys } from './payment-keys';

/** GET Payment/PaymentMethods: the signed-in patient's saved cards (mode 5, the user token). */
export async function fetchPaymentMethods(client: ApiClient): Promise<CardData[]> {
  const url = joinUrl(client.bases.payment, endpointPath('paymentMethods'));
  return (await client.get<CardData[]>(5, url)).data;
}

export function paymentMethodsQuery(client: ApiClient) {
  return queryOptions({
    queryKey: paymentKeys.methods(),
    queryFn: () => fetchPaymentMethods(client),
  });
}

export function usePaymentMethods(enabled = true) {
  return useQuery({ ...paymentMethodsQuery(useApiClient()), enabled });
}
