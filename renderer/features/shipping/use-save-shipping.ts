import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderData } from '../../../shared/contracts/orders';
import type { ShippingAddressInput } from '../../../shared/contracts/shipping';
import { useApiClient } from '../../app/api-context';
import { addShippingAddress } from './add-shipping-address';
import { applySavedAddress } from './apply-saved-address';
import { guestCarrier } from './guest-carrier';
import { shippingKeys } from './shipping-keys';
import { updateShippingFee } from './update-shipping-fee';

/** What the shipping page saves in one go. */
export type SaveShippingInput =
  | {
      buyer: 'patient';
      orderId: string;
      address:
        | { kind: 'saved'; addressId: string }
        | { kind: 'new'; address: ShippingAddressInput };
      shippingMethodId: number;
    }
  | {
      buyer: 'guest';
      orderId: string;
      address: ShippingAddressInput;
      shippingMethodId: number;
    };

/** Saves the order's address and method, for a patient or a guest; resolves with the order. */
export function useSaveShipping() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveShippingInput): Promise<OrderData> => {
      if (input.buyer === 'guest') {
        return guestCarrier(client, {
          shippingMethodId: input.shippingMethodId,
          address: input.address,
        });
      }
      if (input.address.kind === 'saved') {
        await applySavedAddress(client, {
          orderId: input.orderId,
          addressId: input.address.addressId,
        });
      } else {
        await addShippingAddress(client, { orderId: input.orderId, ...input.address.address });
      }
      return updateShippingFee(client, {
        orderId: input.orderId,
        shippingMethodId: input.shippingMethodId,
      });
    },
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: shippingKeys.addressesAndMethods(input.orderId) }),
  });
}
