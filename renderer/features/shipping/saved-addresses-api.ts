import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type {
  EditShippingAddressRequest,
  SavedAddressData,
} from '../../../shared/contracts/shipping';
import { useApiClient } from '../../app/api-context';
import { shippingKeys } from './shipping-keys';

/** GET GetSavedAddresses: the patient's saved addresses, the most recently used first. */
export function useSavedAddresses(identity: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: shippingKeys.saved(identity),
    queryFn: async () =>
      (
        await client.get<SavedAddressData[]>(
          5,
          joinUrl(client.bases.order, endpointPath('savedAddresses')),
        )
      ).data,
  });
}

const post = <T>(
  client: ApiClient,
  base: string,
  name: Parameters<typeof endpointPath>[0],
  body: unknown,
) => sendForData<T>(client, 'post', 5, joinUrl(base, endpointPath(name)), body);

/** Edit (EditShippingAddress), remove and make default; each refreshes the saved addresses. */
export function useSavedAddressActions(identity: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: shippingKeys.saved(identity) });
  return {
    edit: useMutation({
      mutationFn: (input: EditShippingAddressRequest) =>
        post(client, client.bases.payment, 'editShippingAddress', input),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (addressId: string) =>
        post<SavedAddressData[]>(client, client.bases.order, 'removeSavedAddress', { addressId }),
      onSuccess: refresh,
    }),
    makeDefault: useMutation({
      mutationFn: (addressId: string) =>
        post<SavedAddressData[]>(client, client.bases.order, 'setDefaultAddress', { addressId }),
      onSuccess: refresh,
    }),
  };
}
