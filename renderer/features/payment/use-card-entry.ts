import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import type { NewCardInput } from '../../../shared/contracts/payments';
import { messages, validationMessages } from '../../../shared/errors/messages';
import { isValidationErrorKey } from '../../../shared/validation/validate-form';
import { useApiClient } from '../../app/api-context';
import type { CardFieldsProps } from './card-fields';
import { sandboxToken, useCardFieldsConfig } from './card-gateway';
import { type CardField, type CardFormValues, checkCard, emptyCardValues } from './card-values';
import type { StripeCard } from './stripe-card-element';

const fieldOrder: readonly CardField[] = ['cardNumber', 'expiry', 'cvc', 'holderName'];

/** The server names card fields as the contract does; the form has one expiry field. */
const fieldOfServerKey: Record<string, CardField> = {
  paymentToken: 'cardNumber',
  cardNumber: 'cardNumber',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
  holderName: 'holderName',
};

/** An error reported on the card as a whole (`card`, nested in a bigger request), by its key. */
function fieldOfCardKey(key: string): CardField {
  if (key === 'cardExpiredError' || key === 'cardExpiryError') return 'expiry';
  if (key === 'cvcError') return 'cvc';
  return 'cardNumber';
}

const holderNameOf = (values: CardFormValues) =>
  values.holderName.trim() === '' ? null : values.holderName.trim();

/**
 * A new card being entered, for every screen that takes one (checkout, payment link, my cards,
 * the console's phone order): the props `CardFields` shows, and `collect`, which turns the
 * card into the gateway's token (Stripe's PaymentMethod, or the sandbox's token) so that no
 * card number reaches our API. A card the gateway refuses is shown on its field (the first
 * field at fault gets the focus) and nothing is sent. The token of an unchanged card is reused,
 * so a retry of a payment whose answer was lost is the same request (same Idempotency-Key).
 */
export function useCardEntry(idPrefix = 'card', options: { onEdit?: () => void } = {}) {
  const client = useApiClient();
  const config = useCardFieldsConfig();
  const [values, setValues] = useState<CardFormValues>(emptyCardValues);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const stripeCard = useRef<StripeCard | null>(null);
  const collected = useRef<{ values: CardFormValues; card: NewCardInput } | null>(null);
  const inFlight = useRef<Promise<NewCardInput | null> | null>(null);
  const onEdit = useRef(options.onEdit);
  onEdit.current = options.onEdit;

  const edited = useCallback(() => {
    collected.current = null;
    setErrors({});
    onEdit.current?.();
  }, []);
  const onStripeCard = useCallback((card: StripeCard | null) => {
    stripeCard.current = card;
  }, []);

  const fieldsProps: CardFieldsProps = {
    values,
    onChange: (next) => {
      setValues(next);
      edited();
    },
    errors,
    idPrefix,
    cardFields: config.data,
    cardFieldsError: config.error ?? undefined,
    onStripeCard,
    onStripeEdit: edited,
  };

  const refuse = (found: Partial<Record<CardField, string>>): null => {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return null;
  };

  const tokenOf = async (): Promise<NewCardInput | null> => {
    const gateway = config.data;
    if (!gateway) return null;
    if (gateway.gateway === 'stripe') {
      const card = stripeCard.current;
      if (!card) return null;
      const holderName = holderNameOf(values);
      const result = await card.stripe.createPaymentMethod({
        type: 'card',
        card: card.element,
        ...(holderName ? { billing_details: { name: holderName } } : {}),
      });
      if (result.error)
        return refuse({ cardNumber: result.error.message ?? messages.cardDeclined });
      return { paymentToken: result.paymentMethod.id, holderName };
    }
    const checked = checkCard(values);
    if (!checked.ok) return refuse(checked.errors);
    const answer = await sandboxToken(client, gateway.tokensPath, checked.card);
    if (!answer.ok) return refuse({ [answer.field]: answer.message });
    return { paymentToken: answer.token, holderName: checked.card.holderName ?? null };
  };

  const tokenize = async (): Promise<NewCardInput | null> => {
    let card: NewCardInput | null;
    try {
      card = await tokenOf();
    } catch {
      return refuse({ cardNumber: messages.cardProcessorUnreachable });
    }
    if (card) {
      setErrors({});
      collected.current = { values, card };
    }
    return card;
  };

  /**
   * The card's token to send, or null after showing what is wrong (nothing is sent then). A
   * second call while the card is being tokenized (a double click) waits for the same token.
   */
  const collect = (): Promise<NewCardInput | null> => {
    const earlier = collected.current;
    if (earlier && JSON.stringify(earlier.values) === JSON.stringify(values)) {
      return Promise.resolve(earlier.card);
    }
    if (!inFlight.current) {
      inFlight.current = tokenize().finally(() => {
        inFlight.current = null;
      });
    }
    return inFlight.current;
  };

  /** Puts a 400's field errors on the fields; true when there were any. */
  const showServerErrors = (failure: unknown): boolean => {
    if (!isApiError(failure)) return false;
    const found: Partial<Record<CardField, string>> = {};
    for (const [name, key] of Object.entries(failure.errors)) {
      const field = name === 'card' ? fieldOfCardKey(key) : fieldOfServerKey[name];
      if (field && isValidationErrorKey(key)) found[field] ??= validationMessages[key];
    }
    setErrors(found);
    return Object.keys(found).length > 0;
  };

  const clear = () => {
    setValues(emptyCardValues);
    setErrors({});
    collected.current = null;
    stripeCard.current?.element.clear();
  };

  return { fieldsProps, collect, showServerErrors, clear };
}
