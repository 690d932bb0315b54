import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewCardInput } from '../../../shared/contracts/payments';
import { useApiClient } from '../../app/api-context';
import { fetchPaymentLink, payPaymentLink } from './payment-link-api';
import { useIdempotentAttempt } from './use-idempotent-attempt';

export const paymentLinkKeys = {
  link: (token: string) => ['payment-link', token] as const,
};

/** What a link asks to pay; a used, expired or unknown link is an error that says which. */
export function usePaymentLink(token: string) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: paymentLinkKeys.link(token),
      queryFn: () => fetchPaymentLink(client, token),
      retry: false,
    }),
  );
}

/** Pays the link's order once: one Idempotency-Key per attempt, kept until an answer comes. */
export function usePayPaymentLink(token: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const attempt = useIdempotentAttempt();
  const mutation = useMutation({
    mutationFn: (input: { card: NewCardInput; idempotencyKey: string }) =>
      payPaymentLink(client, { token, ...input }),
    // The link is used now: asking for it again says so.
    onSuccess: () => queryClient.removeQueries({ queryKey: paymentLinkKeys.link(token) }),
  });
  const pay = (card: NewCardInput) =>
    attempt(card, (idempotencyKey) => mutation.mutateAsync({ card, idempotencyKey }));
  return { pay, ...mutation };
}
