import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';
import { endpointUrl } from './endpoint-url';
import { usePhoneOrderCache } from './open-phone-order';

/** POST /api/staff/phone-orders/:orderId/promo {promoCode}. */
export async function applyPhoneOrderPromo(
  client: ApiClient,
  orderId: string,
  promoCode: string,
): Promise<OrderData> {
  const url = endpointUrl(client, 'staffPhoneOrderPromo', 'staff', { orderId });
  const { data } = await client.post<Envelope<OrderData>>(5, url, { promoCode });
  return data.Data;
}

/** DELETE /api/staff/phone-orders/:orderId/promo. */
export async function removePhoneOrderPromo(
  client: ApiClient,
  orderId: string,
): Promise<OrderData> {
  const url = endpointUrl(client, 'staffPhoneOrderPromo', 'staff', { orderId });
  const { data } = await client.delete<Envelope<OrderData>>(5, url);
  return data.Data;
}

export function useApplyPhoneOrderPromo(patientId: string, orderId: string) {
  const client = useApiClient();
  const cache = usePhoneOrderCache(patientId);
  return useMutation({
    mutationFn: (promoCode: string) => applyPhoneOrderPromo(client, orderId, promoCode),
    onSuccess: cache.update,
  });
}

export function useRemovePhoneOrderPromo(patientId: string, orderId: string) {
  const client = useApiClient();
  const cache = usePhoneOrderCache(patientId);
  return useMutation({
    mutationFn: () => removePhoneOrderPromo(client, orderId),
    onSuccess: cache.update,
  });
}
