import cardValidator from 'card-validator';
import type { TypedCardInput } from '../../../shared/contracts/card-entry';
import { type ValidationErrorKey, validationMessages } from '../../../shared/errors/messages';
import {
  cardDigits,
  cvcOf,
  isCardNumber,
  isCvc,
  isExpMonth,
  isExpYear,
  isHolderName,
  MAX_TYPED_CARD_NUMBER_LENGTH,
} from '../../../shared/validation/card-checks';
import { collapseSpaces, isBlank } from '../../../shared/validation/text-checks';

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

/**
 * The card rules of shared/validation (shape, card-checks.ts: the same checks the contract's
 * schemas make, without zod), plus the Luhn check and the expiry in the past that the gateway
 * would refuse anyway: refused here, no request is sent.
 */
export function checkCard(values: CardFormValues, now: Date = new Date()): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const put = (field: CardField, key: ValidationErrorKey) => {
    errors[field] ??= validationMessages[key];
  };
  const cardNumber = cardDigits(values.cardNumber);
  const shapeOk =
    values.cardNumber.length <= MAX_TYPED_CARD_NUMBER_LENGTH && isCardNumber(cardNumber);
  if (!shapeOk || !cardValidator.number(cardNumber).isValid) put('cardNumber', 'cardNumberError');
  const expiry = parseExpiry(values.expiry);
  if (!expiry || !isExpMonth(expiry.expMonth) || !isExpYear(expiry.expYear)) {
    put('expiry', 'cardExpiryError');
  } else if (
    expiry.expYear * 12 + (expiry.expMonth - 1) <
    now.getFullYear() * 12 + now.getMonth()
  ) {
    put('expiry', 'cardExpiredError');
  }
  const cvc = cvcOf(values.cvc);
  if (!isCvc(cvc)) put('cvc', 'cvcError');
  const holderName = isBlank(values.holderName) ? null : collapseSpaces(values.holderName);
  if (holderName !== null && !isHolderName(holderName)) put('holderName', 'holderNameError');
  if (!expiry || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, card: { cardNumber, ...expiry, cvc, holderName } };
}

/** The card's brand as the patient types (Visa, Mastercard, ...), or null while unknown. */
export function cardBrandOf(cardNumber: string): string | null {
  return cardValidator.number(cardDigits(cardNumber)).card?.niceType ?? null;
}
