import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundOrderRequest } from '../../../shared/contracts/staff-orders';
import { useApiClient } from '../../app/api-context';
import { applyOrderDetail } from './order-cache';
import { postOrderAction } from './post-order-action';

export interface RefundInput extends RefundOrderRequest {
  /**
   * Made once when the refund dialog opens: a retry of the same refund (a double click, a
   * timeout) answers the first result instead of refunding twice.
   */
  idempotencyKey: string;
}

/** POST /api/staff/orders/:orderId/refund: money back through the gateway; admins only. */
export function useRefundOrder(orderId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: RefundInput) =>
      postOrderAction(client, orderId, 'refund', body, { 'Idempotency-Key': idempotencyKey }),
    onSuccess: (detail) => applyOrderDetail(queryClient, detail),
  });
}
