import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type { OrderData } from '../../../shared/contracts/orders';

/** POST Payment/UpdateShippingFee: the order's shipping method, whose fee flows into the
 * totals (mode 7, the user token). */
export function updateShippingFee(
  client: ApiClient,
  input: { orderId: string; shippingMethodId: number },
): Promise<OrderData> {
  const url = joinUrl(client.bases.payment, endpointPath('updateShippingFee'));
  return sendForData<OrderData>(client, 'post', 7, url, input);
}
