import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { PhoneOrderData, PhoneOrderRequest } from '../../../shared/contracts/phone-orders';
import { useApiClient } from '../../app/api-context';
import { endpointUrl } from './endpoint-url';

/**
 * POST /api/order/PhoneOrder with its Idempotency-Key: charges the order (saved card, or a card
 * read over the phone) or sends a payment link. 402 when the card is declined.
 */
export async function placePhoneOrder(
  client: ApiClient,
  request: PhoneOrderRequest,
  idempotencyKey: string,
): Promise<PhoneOrderData> {
  const url = endpointUrl(client, 'phoneOrder', 'order');
  const { data } = await client.post<Envelope<PhoneOrderData>>(5, url, request, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return data.Data;
}

export interface PlaceAttempt {
  /**
   * Builds the request as the call starts. The caller hands over a card read over the phone
   * here (and forgets it), so it never sits in the mutation's stored variables.
   */
  request: () => PhoneOrderRequest;
  idempotencyKey: string;
}

export function usePlacePhoneOrder() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (attempt: PlaceAttempt) =>
      placePhoneOrder(client, attempt.request(), attempt.idempotencyKey),
  });
}
