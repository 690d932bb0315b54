import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type { OrderData } from '../../../shared/contracts/orders';

/** A listed pharmacy for the order: POST Order/SelectPharmacy (patient, mode 7) or PATCH
 * v1/guestorders/current/pharmacy (guest, mode 9). Answers the updated order. */
export function selectPharmacy(
  client: ApiClient,
  input: { buyer: 'patient' | 'guest'; orderId: string; pharmacyId: number },
): Promise<OrderData> {
  if (input.buyer === 'guest') {
    const url = joinUrl(client.bases.guestOrders, endpointPath('guestOrderPharmacy'));
    return sendForData<OrderData>(client, 'patch', 9, url, { pharmacyId: input.pharmacyId });
  }
  const url = joinUrl(client.bases.order, endpointPath('selectPharmacy'));
  return sendForData<OrderData>(client, 'post', 7, url, {
    orderId: input.orderId,
    pharmacyId: input.pharmacyId,
  });
}
