import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type { OrderData } from '../../../shared/contracts/orders';
import type { ShippingAddressInput } from '../../../shared/contracts/shipping';

/** PATCH v1/guestorders/current/carrier: a guest's shipping method and address, kept on the
 * guest order only (mode 9: the guest token unless signed in). */
export function guestCarrier(
  client: ApiClient,
  input: { shippingMethodId: number; address?: ShippingAddressInput },
): Promise<OrderData> {
  const url = joinUrl(client.bases.guestOrders, endpointPath('guestOrderCarrier'));
  return sendForData<OrderData>(client, 'patch', 9, url, input);
}
