import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type { OrderData } from '../../../shared/contracts/orders';

export interface SelectDoctorInput {
  buyer: 'patient' | 'guest';
  orderId: string;
  doctorId: number;
  /** Visit types 1 and 2: the visit time, held for the order. None for visit type 3. */
  slotId?: number | undefined;
}

/** The order's doctor (and visit time): POST Order/SelectDoctor (patient, mode 7) or PATCH
 * v1/guestorders/current/doctor (guest, mode 9). Answers the updated order. */
export function selectDoctor(client: ApiClient, input: SelectDoctorInput): Promise<OrderData> {
  const choice =
    input.slotId === undefined
      ? { doctorId: input.doctorId }
      : { doctorId: input.doctorId, slotId: input.slotId };
  if (input.buyer === 'guest') {
    const url = joinUrl(client.bases.guestOrders, endpointPath('guestOrderDoctor'));
    return sendForData<OrderData>(client, 'patch', 9, url, choice);
  }
  const url = joinUrl(client.bases.order, endpointPath('selectDoctor'));
  return sendForData<OrderData>(client, 'post', 7, url, { orderId: input.orderId, ...choice });
}
