import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';
import { endpointUrl } from './endpoint-url';
import { usePhoneOrderCache } from './open-phone-order';

export interface PhoneOrderLine {
  productId: number;
  /** 0 removes the product. */
  qty: number;
}

/** PATCH /api/staff/phone-orders/:orderId/items: sets quantities, as the patient's cart does. */
export async function setPhoneOrderItems(
  client: ApiClient,
  orderId: string,
  items: PhoneOrderLine[],
): Promise<OrderData> {
  const url = endpointUrl(client, 'staffPhoneOrderItems', 'staff', { orderId });
  const { data } = await client.patch<Envelope<OrderData>>(5, url, { items });
  return data.Data;
}

export function useSetPhoneOrderItems(patientId: string, orderId: string) {
  const client = useApiClient();
  const cache = usePhoneOrderCache(patientId);
  return useMutation({
    mutationFn: (items: PhoneOrderLine[]) => setPhoneOrderItems(client, orderId, items),
    onSuccess: cache.update,
  });
}
