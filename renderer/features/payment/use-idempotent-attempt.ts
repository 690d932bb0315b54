import { useRef } from 'react';
import { paymentOutcomeUnknown } from '../../../shared/api/api-error';

/**
 * One Idempotency-Key per payment attempt. While an attempt is on its way a second call (a
 * double click) sends nothing; until an answer comes (a connection error, 409 "already being
 * processed", 503 "not confirmed yet") the same attempt is retried with the same key (the
 * first request may have been charged); an answer (paid or declined) ends the attempt, and
 * the next one gets a new key. A changed request is a new attempt.
 */
export function useIdempotentAttempt() {
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const inFlight = useRef(false);
  return async function run<T>(
    request: unknown,
    send: (key: string) => Promise<T>,
  ): Promise<T | undefined> {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    const body = JSON.stringify(request);
    if (attempt.current?.body !== body) {
      attempt.current = { key: `pay-${crypto.randomUUID()}`, body };
    }
    try {
      return await send(attempt.current.key);
    } catch (error) {
      if (!paymentOutcomeUnknown(error)) attempt.current = null;
      throw error;
    } finally {
      inFlight.current = false;
    }
  };
}
