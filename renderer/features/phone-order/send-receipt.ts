import { useMutation } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { useApiClient } from '../../app/api-context';

/** POST /api/staff/orders/:orderId/resend-receipt: emails the paid order's receipt to the patient. */
export async function sendReceipt(client: ApiClient, orderId: string): Promise<void> {
  const url = joinUrl(client.bases.staff, `orders/${encodeURIComponent(orderId)}/resend-receipt`);
  await client.post(5, url, {});
}

export function useSendReceipt() {
  const client = useApiClient();
  return useMutation({ mutationFn: (orderId: string) => sendReceipt(client, orderId) });
}
