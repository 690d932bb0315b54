import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useApiClient } from '../../app/api-context';
import { type PayInput, type PayNowInput, payNow } from './pay-now';
import { paymentKeys } from './payment-keys';

function newKey(): string {
  return `pay-${crypto.randomUUID()}`;
}

/**
 * Pays an order, one Idempotency-Key per attempt: while a payment is on its way, further calls
 * (a double click) send nothing; after a connection error the same attempt is retried with the
 * same key (the first request may have been charged), after an answer (paid or declined) the
 * next attempt gets a new key.
 */
export function usePayNow() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: (input: PayNowInput) => payNow(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.methods() }),
  });

  const pay = async (input: PayInput) => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { key: newKey(), body };
    const { key } = attempt.current;
    try {
      return await mutation.mutateAsync({ ...input, idempotencyKey: key });
    } catch (error) {
      // An answer ends the attempt; a connection error leaves it open for a safe retry.
      if (!(isApiError(error) && error.connectionError)) attempt.current = null;
      throw error;
    } finally {
      inFlight.current = false;
    }
  };

  return { pay, ...mutation };
}
