import { useState } from 'react';
import type { SignInContext } from './auth-call';
import { useRegistrationCode } from './use-registration-code';

/** A code is good for 10 minutes; one sent in the last 9 is reused. */
const codeStillGoodMs = 9 * 60_000;

/**
 * The two steps of a registration: the details (names, email, password), then the code mailed
 * to the email. `start` sends the code and, once it is on its way, keeps the details and
 * moves to the code step; `back` returns to the details (kept in their form).
 */
export function useEmailCodeStep<T>(context: SignInContext, emailOf: (details: T) => string) {
  const send = useRegistrationCode(context);
  const [details, setDetails] = useState<T | null>(null);
  // The last address a code went to, and when: back on the details and on again with the same
  // address, that code still serves (no second mail, no wait).
  const [sent, setSent] = useState<{ email: string; at: number } | null>(null);
  const mail = (email: string, then?: () => void) =>
    send.mutate(email, {
      onSuccess: () => {
        setSent({ email, at: Date.now() });
        then?.();
      },
    });
  return {
    details,
    start: (next: T) => {
      const email = emailOf(next);
      if (sent?.email === email && Date.now() - sent.at < codeStillGoodMs) setDetails(next);
      else mail(email, () => setDetails(next));
    },
    /** Another code to the same address. */
    resend: () => {
      if (details) mail(emailOf(details));
    },
    back: () => {
      send.reset();
      setDetails(null);
    },
    sending: send.isPending,
    /** Why a code could not be sent (an email already registered, a wait, a mail failure). */
    sendError: send.error ?? undefined,
  };
}
