import { queryOptions } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { CardFieldsData } from '../../../shared/contracts/payments';
import { paymentKeys } from './payment-keys';

/** GET Payment/CardFields (mode 1: nothing of a session; the payment link page has none). */
export async function fetchCardFields(client: ApiClient): Promise<CardFieldsData> {
  const url = joinUrl(client.bases.payment, endpointPath('cardFields'));
  return (await client.get<CardFieldsData>(1, url)).data;
}

/** Which gateway's card fields to show: asked once per app run. */
export function cardFieldsQuery(client: ApiClient) {
  return queryOptions({
    queryKey: paymentKeys.cardFields(),
    queryFn: () => fetchCardFields(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
