import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';
import type { PromoTarget } from './use-apply-promo';

/** POST Cart/RemovePromoCode (patient) or v1/guestorders/current/coupon/remove (guest). */
export async function removePromo(
  client: ApiClient,
  target: PromoTarget,
  promoCode: string | null,
): Promise<OrderData> {
  const guid = await target.guid();
  const payload = {
    ...(promoCode ? { promoCode } : {}),
    storefrontId: target.storefrontId,
    ...(guid ? { GUID: guid } : {}),
  };
  const result =
    target.kind === 'patient'
      ? await client.post<Envelope<OrderData>>(4, endpointPath('cartRemovePromoCode'), payload)
      : await client.post<Envelope<OrderData>>(
          9,
          `${client.bases.guestOrders}/${endpointPath('guestOrderCoupon')}/remove`,
          payload,
        );
  return result.data.Data;
}

export function useRemovePromo(target: PromoTarget) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promoCode: string | null) => removePromo(client, target, promoCode),
    onSuccess: (order) => queryClient.setQueryData(target.cartKey, order),
  });
}
