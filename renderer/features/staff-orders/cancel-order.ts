import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderRequest } from '../../../shared/contracts/staff-orders';
import { useApiClient } from '../../app/api-context';
import { applyOrderDetail } from './order-cache';
import { postOrderAction } from './post-order-action';

/** POST /api/staff/orders/:orderId/cancel: cancels the order (a held visit time is let go); agents and admins. */
export function useCancelOrder(orderId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancelOrderRequest) => postOrderAction(client, orderId, 'cancel', input),
    onSuccess: (detail) => applyOrderDetail(queryClient, detail),
  });
}
