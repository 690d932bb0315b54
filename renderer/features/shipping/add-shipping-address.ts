import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type { OrderData } from '../../../shared/contracts/orders';
import type { ShippingAddressInput } from '../../../shared/contracts/shipping';

/** POST Order/AddShippingAddress: saves a new address for the patient and uses it for the
 * order (mode 7, the user token). Answers the updated order. */
export function addShippingAddress(
  client: ApiClient,
  input: ShippingAddressInput & { orderId: string },
): Promise<OrderData> {
  const url = joinUrl(client.bases.order, endpointPath('addShippingAddress'));
  return sendForData<OrderData>(client, 'post', 7, url, input);
}
