import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type {
  ActivateAutoRefillRequest,
  AutoRefillData,
  PauseAutoRefillRequest,
  RefillEligibleLine,
  UpdateShipSettingsRequest,
} from '../../../shared/contracts/auto-refill';

/** The auto-refill calls of spec §7 (and our pause), with the user token (mode 5). */
export const refillApi = {
  list: async (client: ApiClient): Promise<AutoRefillData[]> =>
    (await client.get<AutoRefillData[]>(5, joinUrl(client.bases.order, endpointPath('autoRefill'))))
      .data,
  eligible: async (client: ApiClient): Promise<RefillEligibleLine[]> =>
    (
      await client.get<RefillEligibleLine[]>(
        5,
        joinUrl(client.bases.order, endpointPath('autoRefillEligibleOrders')),
      )
    ).data,
  activate: (client: ApiClient, input: ActivateAutoRefillRequest) =>
    sendForData<AutoRefillData>(
      client,
      'post',
      5,
      joinUrl(client.bases.order, endpointPath('activateAutoRefill')),
      input,
    ),
  deactivate: (client: ApiClient, autoRefillId: string) =>
    sendForData<AutoRefillData>(
      client,
      'post',
      5,
      joinUrl(client.bases.payment, endpointPath('deactivateAutoRefill')),
      { autoRefillId },
    ),
  pause: (client: ApiClient, input: PauseAutoRefillRequest) =>
    sendForData<AutoRefillData>(
      client,
      'post',
      5,
      joinUrl(client.bases.payment, endpointPath('pauseAutoRefill')),
      input,
    ),
  updateShipSettings: (client: ApiClient, input: UpdateShipSettingsRequest) =>
    sendForData<AutoRefillData>(
      client,
      'post',
      5,
      joinUrl(client.bases.payment, endpointPath('updateShipSettings')),
      input,
    ),
};
