import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { OrderData } from '../../../shared/contracts/orders';

/** The order a cart call answers with (POST and PATCH hand back the whole envelope). */
export function orderOf(result: { data: Envelope<OrderData> }): OrderData {
  return result.data.Data;
}

/** A guest-order path below v1/guestorders, with the order id URI-encoded. */
export function guestOrderUrl(client: ApiClient, orderId: string | null, rest = ''): string {
  const base = orderId
    ? joinUrl(client.bases.guestOrders, encodeURIComponent(orderId))
    : client.bases.guestOrders;
  return rest ? joinUrl(base, rest) : base;
}
