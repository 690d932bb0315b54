import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../app/api-context';
import { applyOrderDetail } from './order-cache';
import { postOrderAction } from './post-order-action';

/** POST /api/staff/orders/:orderId/reorder: puts the order's products in the patient's own cart; agents and admins. */
export function useReorderOrder(orderId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postOrderAction(client, orderId, 'reorder', {}),
    onSuccess: (detail) => applyOrderDetail(queryClient, detail),
  });
}
