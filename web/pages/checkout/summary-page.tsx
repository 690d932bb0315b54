import '../../../renderer/components/button.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CheckBox } from '../../../renderer/components/check-box';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { Skeleton } from '../../../renderer/components/skeleton';
import { cartKeys } from '../../../renderer/features/cart/cart-keys';
import { OrderSummary } from '../../../renderer/features/checkout/order-summary';
import { ConsentChecklist } from '../../../renderer/features/consents/consent-checklist';
import { useOrderConsents } from '../../../renderer/features/consents/use-order-consents';
import { CardFields } from '../../../renderer/features/payment/card-fields';
import { PaymentFailure } from '../../../renderer/features/payment/payment-failure';
import {
  NEW_CARD,
  preferredCardId,
  SavedCardPicker,
} from '../../../renderer/features/payment/saved-card-picker';
import { useCardEntry } from '../../../renderer/features/payment/use-card-entry';
import { usePayNow } from '../../../renderer/features/payment/use-pay-now';
import { usePaymentMethods } from '../../../renderer/features/payment/use-payment-methods';
import { useSession } from '../../../renderer/features/session/session-context';
import { routes } from '../../../shared/checkout/routes';
import { useStorefront } from '../../app/storefront-context';
import { type CheckoutContext, CheckoutPage } from '../../checkout/checkout-page';
import { OrderFacts } from '../../checkout/summary/order-facts';

/** /checkout/summary: the order with its totals, a saved or new card, FINALIZE ORDER. */
export default function SummaryPage() {
  return (
    <CheckoutPage title="Review and pay">{(context) => <Summary context={context} />}</CheckoutPage>
  );
}

function Summary({ context }: { context: CheckoutContext }) {
  const { order } = context;
  const cards = usePaymentMethods(context.buyer === 'patient');
  const [source, setSource] = useState<string | null>(null);
  const newCard = useCardEntry();
  const [saveCard, setSaveCard] = useState(true);
  const { pay, isPending, error, reset } = usePayNow();
  const queryClient = useQueryClient();
  const session = useSession();
  const consents = useOrderConsents(session.identity, useStorefront().id);

  useEffect(() => {
    if (source === null && cards.data) setSource(preferredCardId(cards.data));
  }, [cards.data, source]);

  // The order is known: it shows at once, the payment part once the cards and consents are in.
  const loadError = cards.error ?? consents.loadError;
  const savedCards = cards.data;
  const paymentReady = savedCards !== undefined && source !== null && consents.ready;

  const finalize = async () => {
    if (source === null) return; // the button shows once a card is chosen
    reset();
    // Every problem at once: the consents and the card are checked before anything is sent.
    const ticked = consents.allTicked();
    let payment: Parameters<typeof pay>[0];
    if (source === NEW_CARD) {
      const card = await newCard.collect();
      if (!card || !ticked) return;
      payment = { orderId: order.id, card: { ...card, saveCard } };
    } else {
      if (!ticked) return;
      payment = { orderId: order.id, cardId: source };
    }
    try {
      await consents.confirm();
      const paid = await pay(payment);
      if (paid) {
        // The cart is empty now: the header count and the drawer follow.
        void queryClient.invalidateQueries({ queryKey: cartKeys.all });
        context.navigate(`${routes.orderConfirmation}?orderId=${encodeURIComponent(paid.orderId)}`);
      }
    } catch (failure) {
      newCard.showServerErrors(failure);
    }
  };

  return (
    <div className="summary">
      <OrderSummary items={order.items} totals={order.totals} couponCode={order.coupon?.code} />
      <OrderFacts order={order} />
      {loadError ? (
        <ErrorAlert error={loadError} />
      ) : !paymentReady ? (
        <Skeleton rows={4} />
      ) : (
        <>
          <section className="checkout-section" aria-labelledby="payment-title">
            <h2 id="payment-title" className="section-title">
              Payment
            </h2>
            <SavedCardPicker
              cards={savedCards}
              value={source}
              onChange={(next) => {
                setSource(next);
                reset();
              }}
              disabled={isPending}
            />
            {source === NEW_CARD ? (
              <div className="new-card">
                <CardFields {...newCard.fieldsProps} disabled={isPending} />
                <CheckBox checked={saveCard} onChange={setSaveCard} disabled={isPending}>
                  Save this card for next time
                </CheckBox>
              </div>
            ) : null}
          </section>
          <ConsentChecklist {...consents.checklistProps} disabled={isPending} />
          {consents.acceptError ? <ErrorAlert error={consents.acceptError} /> : null}
          <PaymentFailure error={error} />
          <button
            type="button"
            className="button button--primary primary-action"
            onClick={finalize}
            disabled={isPending}
            aria-busy={isPending || undefined}
          >
            FINALIZE ORDER
          </button>
        </>
      )}
    </div>
  );
}
