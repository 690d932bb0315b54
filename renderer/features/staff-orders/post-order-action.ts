import type { ApiClient } from '../../../shared/api/client';
import type { StaffOrderAction, StaffOrderDetail } from '../../../shared/contracts/staff-orders';
import { staffUrl } from './staff-orders-url';

/** POST /api/staff/orders/:orderId/<action>: every action answers the order as it is after. */
export async function postOrderAction(
  client: ApiClient,
  orderId: string,
  action: StaffOrderAction,
  body: object,
  headers?: Record<string, string>,
): Promise<StaffOrderDetail> {
  const path = `orders/${encodeURIComponent(orderId)}/${action}`;
  const result = await client.post<{ Data: StaffOrderDetail }>(
    5,
    staffUrl(client, path),
    body,
    headers ? { headers } : {},
  );
  return result.data.Data;
}
