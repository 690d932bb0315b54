import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';
import { guestOrderUrl, orderOf } from './cart-calls';
import { cartKeys } from './cart-keys';
import type { CartContext } from './cart-owner';

export interface ChangeQuantityInput {
  productId: number;
  /** One of the item's qtyRange, or 0 to remove it. */
  qty: number;
}

/** POST Cart/ChangeProductQuantity for a patient; PATCH v1/guestorders/{orderId}/items for a guest. */
export async function changeQuantity(
  client: ApiClient,
  context: CartContext,
  input: ChangeQuantityInput,
): Promise<OrderData> {
  if (context.owner.kind === 'patient') {
    return orderOf(
      await client.post<Envelope<OrderData>>(4, endpointPath('cartChangeQuantity'), {
        ...input,
        storefrontId: context.storefrontId,
      }),
    );
  }
  return orderOf(
    await client.patch<Envelope<OrderData>>(
      9,
      guestOrderUrl(client, context.owner.orderId, 'items'),
      { items: [input] },
    ),
  );
}

export function useChangeQuantity(context: CartContext) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeQuantityInput) => changeQuantity(client, context, input),
    onSuccess: (order) => queryClient.setQueryData(cartKeys.current(context.owner), order),
  });
}
