import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';
import { guestOrderUrl, orderOf } from './cart-calls';
import { cartKeys } from './cart-keys';
import type { CartContext } from './cart-owner';
import { isOpenOrder } from './use-cart';

export interface AddToCartInput {
  productId: number;
  qty: number;
  /** The cart as last read; decides whether a guest order must be created first. */
  cart: OrderData | null | undefined;
}

/**
 * Adds a product: a patient through POST Cart/AddToCart; a guest through POST v1/guestorders
 * (creating the guest order with the item) or PATCH v1/guestorders/{orderId}/items.
 */
export async function addToCart(
  client: ApiClient,
  context: CartContext,
  input: AddToCartInput,
): Promise<OrderData> {
  const line = { productId: input.productId, qty: input.qty };
  if (context.owner.kind === 'patient') {
    return orderOf(
      await client.post<Envelope<OrderData>>(4, endpointPath('cartAddToCart'), {
        ...line,
        storefrontId: context.storefrontId,
      }),
    );
  }
  if (context.owner.orderId && isOpenOrder(input.cart)) {
    return orderOf(
      await client.patch<Envelope<OrderData>>(
        9,
        guestOrderUrl(client, context.owner.orderId, 'items'),
        { items: [line] },
      ),
    );
  }
  const guid = await context.guid();
  const order = orderOf(
    await client.post<Envelope<OrderData>>(9, guestOrderUrl(client, null), {
      storefrontId: context.storefrontId,
      ...(guid ? { sessionGuid: guid } : {}),
      items: [line],
    }),
  );
  context.onGuestOrderCreated(order.orderId);
  return order;
}

export function useAddToCart(context: CartContext) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddToCartInput) => addToCart(client, context, input),
    onSuccess: (order) => {
      const owner =
        context.owner.kind === 'guest'
          ? { kind: 'guest' as const, orderId: order.orderId }
          : context.owner;
      queryClient.setQueryData(cartKeys.current(owner), order);
    },
  });
}
