import { useState } from 'react';
import { messages } from '../../../shared/errors/messages';
import {
  pendingConsents,
  useAcceptConsents,
  useAcceptedConsents,
  useConsents,
} from './consents-api';

/**
 * The consents a patient still has to accept before an order (the storefront's required ones
 * not accepted at their current version): what to show, what is ticked, and `confirm`, which
 * refuses while one is unticked (nothing sent) and otherwise records the acceptance.
 */
export function useOrderConsents(identity: string, storefrontId: number) {
  const consents = useConsents(storefrontId);
  const accepted = useAcceptedConsents(identity, storefrontId, true);
  const accept = useAcceptConsents(identity, storefrontId);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const pending = pendingConsents(consents.data ?? [], accepted.data ?? []);

  /** Shows the message when one is unticked; false then. */
  const allTicked = (): boolean => {
    const ok = pending.every((consent) => checked.has(consent.id));
    setError(ok ? null : messages.consentsRequired);
    return ok;
  };

  const confirm = async (): Promise<void> => {
    if (pending.length === 0) return;
    await accept.mutateAsync(pending.map((c) => ({ consentId: c.id, version: c.version })));
  };

  return {
    ready: consents.isSuccess && accepted.isSuccess,
    loadError: consents.error ?? accepted.error,
    checklistProps: {
      consents: pending,
      checked,
      onChange: (next: Set<string>) => {
        setChecked(next);
        setError(null);
      },
      error,
    },
    allTicked,
    confirm,
    acceptError: accept.error,
  };
}
