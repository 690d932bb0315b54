/**
 * Stripe's own card field (Stripe.js, loaded from js.stripe.com as PCI requires), mounted in
 * our form: the number, expiry and code are typed into Stripe's frame and never reach our
 * page's code or our server. `onCard` hands the mounted field (and its Stripe) to the entry
 * hook, which turns it into a PaymentMethod; `onEdit` tells it the card changed.
 */
// The pure entry: Stripe.js is fetched when the field mounts (a Stripe storefront), not as soon
// as this module loads (the sandbox's pages, whose CSP refuses js.stripe.com, tried to).
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { FieldFrame } from '../../components/text-field';

export interface StripeCard {
  stripe: Stripe;
  element: StripeCardElement;
}

export function StripeCardField(props: {
  publishableKey: string;
  id: string;
  error: string | undefined;
  disabled: boolean | undefined;
  onCard: (card: StripeCard | null) => void;
  onEdit: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const element = useRef<StripeCardElement | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const { publishableKey, onCard, onEdit } = props;

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (cancelled || !stripe || !container.current) return;
        const card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(container.current);
        card.on('change', () => onEdit());
        element.current = card;
        onCard({ stripe, element: card });
      })
      .catch(() => setLoadFailed(true));
    return () => {
      cancelled = true;
      element.current?.destroy();
      element.current = null;
      onCard(null);
    };
  }, [publishableKey, onCard, onEdit]);

  useEffect(() => {
    element.current?.update({ disabled: Boolean(props.disabled) });
  }, [props.disabled]);

  if (loadFailed) {
    return <ErrorAlert message="The card field could not load. Please reload the page." />;
  }
  return (
    <FieldFrame
      id={props.id}
      label="Card"
      required
      error={props.error}
      labelFor={false}
      className="card-field card-field-cardNumber"
    >
      <div
        id={props.id}
        ref={container}
        className="stripe-card-field"
        aria-invalid={Boolean(props.error)}
      />
    </FieldFrame>
  );
}
