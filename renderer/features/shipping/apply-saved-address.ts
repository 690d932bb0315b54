import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type { OrderData } from '../../../shared/contracts/orders';

/** POST Order/UseShippingAddress: one of the patient's saved addresses for the order (mode 7). */
export function applySavedAddress(
  client: ApiClient,
  input: { orderId: string; addressId: string },
): Promise<OrderData> {
  const url = joinUrl(client.bases.order, endpointPath('useShippingAddress'));
  return sendForData<OrderData>(client, 'post', 7, url, input);
}
