import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type { OrderData } from '../../../shared/contracts/orders';

/** The storefront's partner pharmacy for the order: POST Order/AcceptInternalPharmacy (patient,
 * mode 7) or POST v1/guestorders/current/pharmacy/acceptinternal (guest, mode 9). */
export function acceptInternalPharmacy(
  client: ApiClient,
  input: { buyer: 'patient' | 'guest'; orderId: string },
): Promise<OrderData> {
  if (input.buyer === 'guest') {
    const url = joinUrl(client.bases.guestOrders, endpointPath('guestOrderAcceptInternalPharmacy'));
    return sendForData<OrderData>(client, 'post', 9, url, {});
  }
  const url = joinUrl(client.bases.order, endpointPath('acceptInternalPharmacy'));
  return sendForData<OrderData>(client, 'post', 7, url, { orderId: input.orderId });
}
