import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { cartKeys } from '../../../renderer/features/cart/cart-keys';
import { OrderSummary } from '../../../renderer/features/checkout/order-summary';
import { CardFields } from '../../../renderer/features/payment/card-fields';
import {
  type CardField,
  type CardFormValues,
  checkCard,
  emptyCardValues,
} from '../../../renderer/features/payment/card-values';
import {
  NEW_CARD,
  preferredCardId,
  SavedCardPicker,
} from '../../../renderer/features/payment/saved-card-picker';
import { usePayNow } from '../../../renderer/features/payment/use-pay-now';
import { usePaymentMethods } from '../../../renderer/features/payment/use-payment-methods';
import { isApiError } from '../../../shared/api/api-error';
import { routes } from '../../../shared/checkout/routes';
import { validationMessages } from '../../../shared/errors/messages';
import { isValidationErrorKey } from '../../../shared/validation/validate-form';
import { type CheckoutContext, CheckoutPage } from '../../checkout/checkout-page';
import { OrderFacts } from '../../checkout/summary/order-facts';

/** /checkout/summary: the order with its totals, a saved or new card, FINALIZE ORDER. */
export default function SummaryPage() {
  return (
    <CheckoutPage title="Review and pay">{(context) => <Summary context={context} />}</CheckoutPage>
  );
}

const cardFieldOfServerKey: Record<string, CardField> = {
  cardNumber: 'cardNumber',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
  holderName: 'holderName',
};

function Summary({ context }: { context: CheckoutContext }) {
  const { order } = context;
  const cards = usePaymentMethods(context.buyer === 'patient');
  const [source, setSource] = useState<string | null>(null);
  const [values, setValues] = useState<CardFormValues>(emptyCardValues);
  const [saveCard, setSaveCard] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const { pay, isPending, error, reset } = usePayNow();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (source === null && cards.data) setSource(preferredCardId(cards.data));
  }, [cards.data, source]);

  if (cards.error) return <ErrorAlert error={cards.error} />;
  if (!cards.data || source === null) return <Skeleton active paragraph={{ rows: 8 }} />;

  const finalize = async () => {
    reset();
    let payment: Parameters<typeof pay>[0];
    if (source === NEW_CARD) {
      const checked = checkCard(values);
      if (!checked.ok) {
        setErrors(checked.errors);
        const first = (['cardNumber', 'expiry', 'cvc', 'holderName'] as const).find(
          (f) => checked.errors[f],
        );
        if (first) document.getElementById(`card-${first}`)?.focus();
        return;
      }
      setErrors({});
      payment = { orderId: order.id, card: { ...checked.card, saveCard } };
    } else {
      payment = { orderId: order.id, cardId: source };
    }
    try {
      const paid = await pay(payment);
      if (paid) {
        // The cart is empty now: the header count and the drawer follow.
        void queryClient.invalidateQueries({ queryKey: cartKeys.all });
        context.navigate(`${routes.orderConfirmation}?orderId=${encodeURIComponent(paid.orderId)}`);
      }
    } catch (failure) {
      if (isApiError(failure)) {
        const fieldErrors: Partial<Record<CardField, string>> = {};
        for (const [name, key] of Object.entries(failure.errors)) {
          const field = cardFieldOfServerKey[name];
          if (field && isValidationErrorKey(key)) fieldErrors[field] = validationMessages[key];
        }
        setErrors(fieldErrors);
      }
    }
  };

  // A declined card (402) is the server's message, word for word; nothing was charged.
  const declined = isApiError(error) && error.status === 402 ? error.serverMessage : null;
  return (
    <div className="summary">
      <OrderSummary
        items={order.items.map((item) => ({
          id: item.id,
          displayName: item.displayName,
          qty: item.qty,
          priceCents: item.priceCents,
        }))}
        totals={order.totals}
        couponCode={order.coupon?.code}
      />
      <OrderFacts order={order} />
      <section className="checkout-section" aria-labelledby="payment-title">
        <h2 id="payment-title" className="section-title">
          Payment
        </h2>
        <SavedCardPicker
          cards={cards.data}
          value={source}
          onChange={(next) => {
            setSource(next);
            reset();
          }}
          disabled={isPending}
        />
        {source === NEW_CARD ? (
          <div className="new-card">
            <CardFields
              values={values}
              onChange={(next) => {
                setValues(next);
                setErrors({});
              }}
              errors={errors}
              disabled={isPending}
            />
            <Checkbox
              checked={saveCard}
              onChange={(event) => setSaveCard(event.target.checked)}
              disabled={isPending}
            >
              Save this card for next time
            </Checkbox>
          </div>
        ) : null}
      </section>
      {declined ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={declined}
          description="Your card was not charged. Please use another card."
          className="payment-declined"
        />
      ) : error && !(isApiError(error) && Object.keys(error.errors).length > 0) ? (
        <ErrorAlert error={error} />
      ) : null}
      <Button
        type="primary"
        size="large"
        className="primary-action"
        onClick={finalize}
        loading={isPending}
      >
        FINALIZE ORDER
      </Button>
    </div>
  );
}
