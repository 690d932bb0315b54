import { Button, Checkbox, Flex, Radio } from 'antd';
import { useRef, useState } from 'react';
import { paymentOutcomeUnknown } from '../../../../shared/api/api-error';
import type { PhoneOrderData, PhoneOrderPayment } from '../../../../shared/contracts/phone-orders';
import { ErrorAlert } from '../../../components/error-alert';
import { formatPhone } from '../../../components/format';
import { OrderSummary } from '../../../features/checkout/order-summary';
import { CardFields } from '../../../features/payment/card-fields';
import {
  NEW_CARD,
  preferredCardId,
  SavedCardPicker,
} from '../../../features/payment/saved-card-picker';
import { useCardEntry } from '../../../features/payment/use-card-entry';
import {
  type LinkChannel,
  PaymentLinkOption,
} from '../../../features/phone-order/components/payment-link-option';
import { newIdempotencyKey } from '../../../features/phone-order/idempotency-key';
import { cardsForPicker } from '../../../features/phone-order/masked-cards';
import { usePlacePhoneOrder } from '../../../features/phone-order/place-phone-order';
import type { PhoneOrderContext } from './phone-order-context';

/** An answer that settles the attempt: the next try is a new attempt with a new key. */
/**
 * How the patient pays: a saved card, a card read over the phone (sent to the payment call and
 * forgotten: the fields are emptied as the order is sent), or a payment link by SMS or email.
 * One Idempotency-Key per attempt, made when this step opens: a double click or a retry sends
 * the same key, and the server answers the first result.
 */
export function PaymentStep({
  context,
  onPlaced,
}: {
  context: PhoneOrderContext;
  onPlaced: (result: PhoneOrderData) => void;
}) {
  const { order, patient } = context;
  const cards = cardsForPicker(patient.cards);
  const [method, setMethod] = useState<'card' | 'link'>('card');
  const [cardChoice, setCardChoice] = useState(() => preferredCardId(cards));
  const [saveCard, setSaveCard] = useState(false);
  const [channel, setChannel] = useState<LinkChannel>(patient.profile.phone ? 'sms' : 'email');
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const place = usePlacePhoneOrder();
  // A new card being read: the last attempt's refusal no longer applies.
  const newCard = useCardEntry('phone-card', { onEdit: () => place.isError && place.reset() });
  // Set at the click itself, before React renders the button busy: a double click sends once.
  const sending = useRef(false);

  const payment = async (): Promise<{ payment: PhoneOrderPayment } | null> => {
    if (method === 'link') return { payment: { kind: 'payment-link', channel } };
    if (cardChoice !== NEW_CARD) return { payment: { kind: 'saved-card', cardId: cardChoice } };
    // The card goes to the gateway's fields (MOTO with Stripe); our server gets its token.
    const card = await newCard.collect();
    if (!card) return null;
    return { payment: { kind: 'card', ...card, ...(saveCard ? { saveCard: true } : {}) } };
  };

  const submit = async () => {
    if (sending.current) return;
    sending.current = true;
    const chosen = await payment();
    if (!chosen) {
      sending.current = false;
      return;
    }
    // The card read over the phone goes into this one request and nowhere else: the fields are
    // emptied now, and the request takes it out of `pending` (no closure keeps `chosen`).
    let pending: PhoneOrderPayment | null = chosen.payment;
    newCard.clear();
    const orderId = order.id;
    place.mutate(
      {
        idempotencyKey,
        request: () => {
          const taken = pending;
          pending = null;
          if (!taken) throw new Error('This payment was already sent.');
          return { orderId, payment: taken };
        },
      },
      {
        onSuccess: onPlaced,
        onError: (error) => {
          if (!paymentOutcomeUnknown(error)) setIdempotencyKey(newIdempotencyKey());
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <div className="phone-order-payment">
      <Flex vertical gap={16} className="phone-order-panel">
        <Radio.Group
          value={method}
          onChange={(event) => setMethod(event.target.value as 'card' | 'link')}
          optionType="button"
          buttonStyle="solid"
          disabled={place.isPending}
          options={[
            { value: 'card', label: 'Pay by card now' },
            { value: 'link', label: 'Send a payment link' },
          ]}
          aria-label="How the patient pays"
        />
        {method === 'card' ? (
          <>
            <SavedCardPicker
              cards={cards}
              value={cardChoice}
              onChange={setCardChoice}
              disabled={place.isPending}
            />
            {cardChoice === NEW_CARD ? (
              <>
                <CardFields {...newCard.fieldsProps} disabled={place.isPending} />
                <Checkbox
                  checked={saveCard}
                  onChange={(event) => setSaveCard(event.target.checked)}
                >
                  Save this card to the patient's account
                </Checkbox>
              </>
            ) : null}
          </>
        ) : (
          <PaymentLinkOption
            channel={channel}
            onChange={setChannel}
            phone={patient.profile.phone ? formatPhone(patient.profile.phone) : null}
            email={patient.profile.email}
            disabled={place.isPending}
          />
        )}
        {place.error ? <ErrorAlert error={place.error} /> : null}
        <Button
          type="primary"
          size="large"
          onClick={submit}
          loading={place.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          PLACE ORDER
        </Button>
      </Flex>
      <OrderSummary
        items={order.items}
        totals={order.totals}
        couponCode={order.coupon?.code ?? null}
        title="Order summary"
      />
    </div>
  );
}
