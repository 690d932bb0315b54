import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import type { NewCardInput } from '../../../shared/contracts/payments';
import { validationMessages } from '../../../shared/errors/messages';
import { isValidationErrorKey } from '../../../shared/validation/validate-form';
import type { CardFieldsProps } from './card-fields';
import { type CardField, type CardFormValues, checkCard, emptyCardValues } from './card-values';

const fieldOrder: readonly CardField[] = ['cardNumber', 'expiry', 'cvc', 'holderName'];

/** The server names card fields as the contract does; the form has one expiry field. */
const fieldOfServerKey: Record<string, CardField> = {
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

/**
 * A new card being typed, for every screen that takes one (checkout, payment link, my cards):
 * the values and errors `CardFields` shows, the check before anything is sent (the first
 * field at fault gets the focus), and the server's field errors put back on the fields.
 */
export function useCardEntry(idPrefix = 'card') {
  const [values, setValues] = useState<CardFormValues>(emptyCardValues);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});

  const fieldsProps: CardFieldsProps = {
    values,
    onChange: (next) => {
      setValues(next);
      setErrors({});
    },
    errors,
    idPrefix,
  };

  /** The card to send, or null after showing what is wrong (nothing is sent then). */
  const check = (): NewCardInput | null => {
    const checked = checkCard(values);
    if (checked.ok) {
      setErrors({});
      return checked.card;
    }
    setErrors(checked.errors);
    const first = fieldOrder.find((field) => checked.errors[field]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return null;
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
  };

  return { fieldsProps, check, showServerErrors, clear };
}
