import cardValidator from 'card-validator';
import { type TypedCardInput, typedCardInput } from '../../../shared/contracts/card-entry';
import { type ValidationErrorKey, validationMessages } from '../../../shared/errors/messages';
import { cardDigits } from '../../../shared/validation/card-rules';
import { validateForm } from '../../../shared/validation/validate-form';

/** What the card form holds while the patient types: the expiry as "MM/YY". */
export interface CardFormValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
  holderName: string;
}

export type CardField = keyof CardFormValues;

export const emptyCardValues: CardFormValues = {
  cardNumber: '',
  expiry: '',
  cvc: '',
  holderName: '',
};

export type CardCheck =
  | { ok: true; card: TypedCardInput }
  | { ok: false; errors: Partial<Record<CardField, string>> };

/** "MM/YY", "MM/YYYY", "MMYY": month and four-digit year, or null. */
export function parseExpiry(expiry: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match?.[1] || !match[2]) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  return { expMonth, expYear: match[2].length === 2 ? 2000 + year : year };
}

/** Keeps the expiry typed as "MM/YY": the slash comes by itself after the month. */
export function formatExpiryInput(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Groups the digits by four as people read them off the card. */
export function formatCardNumberInput(typed: string): string {
  return cardDigits(typed)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

const fieldOfKey: Record<string, CardField> = {
  cardNumber: 'cardNumber',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
  holderName: 'holderName',
};

/**
 * The card rules of shared/validation (shape), plus the Luhn check and the expiry in the past
 * that the gateway would refuse anyway: refused here, no request is sent.
 */
export function checkCard(values: CardFormValues, now: Date = new Date()): CardCheck {
  const expiry = parseExpiry(values.expiry);
  const result = validateForm(typedCardInput, {
    cardNumber: values.cardNumber,
    expMonth: expiry?.expMonth ?? Number.NaN,
    expYear: expiry?.expYear ?? Number.NaN,
    cvc: values.cvc,
    holderName: values.holderName.trim() === '' ? null : values.holderName,
  });
  const errors: Partial<Record<CardField, string>> = {};
  const put = (field: CardField, key: ValidationErrorKey) => {
    errors[field] ??= validationMessages[key];
  };
  if (!result.ok) {
    for (const [name, key] of Object.entries(result.errors)) {
      const field = fieldOfKey[name];
      if (field && key) put(field, key);
    }
  }
  if (!errors.cardNumber && !cardValidator.number(cardDigits(values.cardNumber)).isValid) {
    put('cardNumber', 'cardNumberError');
  }
  if (!errors.expiry && expiry) {
    const thisMonth = now.getFullYear() * 12 + now.getMonth();
    if (expiry.expYear * 12 + (expiry.expMonth - 1) < thisMonth) put('expiry', 'cardExpiredError');
  }
  if (Object.keys(errors).length > 0 || !result.ok) return { ok: false, errors };
  return { ok: true, card: result.data };
}

/** The card's brand as the patient types (Visa, Mastercard, ...), or null while unknown. */
export function cardBrandOf(cardNumber: string): string | null {
  return cardValidator.number(cardDigits(cardNumber)).card?.niceType ?? null;
}
