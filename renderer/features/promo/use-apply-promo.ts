import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';
import { promoPayload } from './promo-payload';

/** Where a promo call goes: the signed-in or the guest endpoint (spec §7: separate ones). */
export interface PromoTarget {
  readonly kind: 'patient' | 'guest';
  readonly storefrontId: number;
  /** The session GUID once settled (see CartContext). */
  readonly guid: () => Promise<string | null>;
  /** The cart's react-query key, refreshed with the answer. */
  readonly cartKey: readonly unknown[];
}

/** POST Cart/ApplyPromoCode (patient) or v1/guestorders/current/coupon (guest). */
export async function applyPromo(
  client: ApiClient,
  target: PromoTarget,
  order: OrderData,
  promoCode: string,
): Promise<OrderData> {
  const payload = promoPayload(order, promoCode, target.storefrontId, await target.guid());
  const result =
    target.kind === 'patient'
      ? await client.post<Envelope<OrderData>>(4, endpointPath('cartApplyPromoCode'), payload)
      : await client.post<Envelope<OrderData>>(
          9,
          `${client.bases.guestOrders}/${endpointPath('guestOrderCoupon')}`,
          payload,
        );
  return result.data.Data;
}

export function useApplyPromo(target: PromoTarget) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { order: OrderData; promoCode: string }) =>
      applyPromo(client, target, input.order, input.promoCode),
    onSuccess: (order) => queryClient.setQueryData(target.cartKey, order),
  });
}
