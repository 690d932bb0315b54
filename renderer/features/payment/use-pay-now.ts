import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../app/api-context';
import { type PayInput, type PayNowInput, payNow } from './pay-now';
import { paymentKeys } from './payment-keys';
import { useIdempotentAttempt } from './use-idempotent-attempt';

/** Pays an order, one Idempotency-Key per attempt (use-idempotent-attempt.ts). */
export function usePayNow() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const attempt = useIdempotentAttempt();
  const mutation = useMutation({
    mutationFn: (input: PayNowInput) => payNow(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.methods() }),
  });
  const pay = (input: PayInput) =>
    attempt(input, (idempotencyKey) => mutation.mutateAsync({ ...input, idempotencyKey }));
  return { pay, ...mutation };
}
