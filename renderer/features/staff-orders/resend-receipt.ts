import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../app/api-context';
import { applyOrderDetail } from './order-cache';
import { postOrderAction } from './post-order-action';

/** POST /api/staff/orders/:orderId/resend-receipt: emails the receipt of a paid order to the patient again; agents and admins. */
export function useResendReceipt(orderId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postOrderAction(client, orderId, 'resend-receipt', {}),
    onSuccess: (detail) => applyOrderDetail(queryClient, detail),
  });
}
