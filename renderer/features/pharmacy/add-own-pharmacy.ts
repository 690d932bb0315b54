import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type { OrderData } from '../../../shared/contracts/orders';
import type { NewPharmacyInput } from '../../../shared/contracts/pharmacy';

/** A pharmacy the patient enters by hand, put on the order: POST Order/AddPatientPharmacyToOrder
 * (patient, mode 7) or PATCH v1/guestorders/current/pharmacy with `pharmacy` (guest, mode 9). */
export function addOwnPharmacy(
  client: ApiClient,
  input: { buyer: 'patient' | 'guest'; orderId: string; pharmacy: NewPharmacyInput },
): Promise<OrderData> {
  if (input.buyer === 'guest') {
    const url = joinUrl(client.bases.guestOrders, endpointPath('guestOrderPharmacy'));
    return sendForData<OrderData>(client, 'patch', 9, url, { pharmacy: input.pharmacy });
  }
  const url = joinUrl(client.bases.order, endpointPath('addPatientPharmacy'));
  return sendForData<OrderData>(client, 'post', 7, url, {
    orderId: input.orderId,
    ...input.pharmacy,
  });
}
