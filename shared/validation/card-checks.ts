import { isSafeText } from './safe-text';
import { characters } from './text-checks';

/**
 * The card form's rules as plain functions: the card rules' zod schemas (card-rules.ts) are
 * made of them, and a page with a card form checks with them before sending, without loading
 * zod. Each field is normalized first (the normalizer's output is what is checked and sent).
 * They check the shape only; the payment gateway checks the rest (Luhn, brand, expiry in the
 * future, CVC length of the brand) and answers with the same keys.
 */

export const MIN_CARD_DIGITS = 12;
export const MAX_CARD_DIGITS = 19;
/** How long the card number may be as typed, spaces and dashes included. */
export const MAX_TYPED_CARD_NUMBER_LENGTH = 40;
export const MAX_HOLDER_NAME_LENGTH = 100;
export const MIN_EXP_YEAR = 2000;
export const MAX_EXP_YEAR = 2099;

const CARD_NUMBER_PATTERN = /^[0-9]{12,19}$/;
const CVC_PATTERN = /^[0-9]{3,4}$/;

const isIntegerBetween = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Spaces and dashes people type between digit groups. */
export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** The card number's digits: 12 to 19 of them. */
export const isCardNumber = (digits: unknown): boolean =>
  typeof digits === 'string' && CARD_NUMBER_PATTERN.test(digits);

/** 1 to 12. */
export const isExpMonth = (value: unknown): boolean => isIntegerBetween(value, 1, 12);

/** Four digits. */
export const isExpYear = (value: unknown): boolean =>
  isIntegerBetween(value, MIN_EXP_YEAR, MAX_EXP_YEAR);

/** The security code as typed, trimmed. */
export const cvcOf = (value: string): string => value.trim();

/** 3 digits, 4 on American Express (the gateway checks which). */
export const isCvc = (value: unknown): boolean =>
  typeof value === 'string' && CVC_PATTERN.test(value);

/** Printable, at most 100 characters (typed, then `collapseSpaces`). */
export const isHolderName = (value: unknown): boolean =>
  typeof value === 'string' && isSafeText(value) && characters(value) <= MAX_HOLDER_NAME_LENGTH;
