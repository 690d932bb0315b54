import { z } from 'zod';
import { validationMessages } from '../errors/messages';
import { isSafeText } from './address-rules';
import { withErrorKey } from './rules';

/**
 * Rules of the card form, keyed like the rules of spec §5. They check the shape only; the
 * payment gateway checks the rest (Luhn, brand, expiry in the future, CVC length of the brand)
 * and answers with the same keys.
 */

export const MIN_CARD_DIGITS = 12;
export const MAX_CARD_DIGITS = 19;
export const MAX_HOLDER_NAME_LENGTH = 100;
export const MIN_EXP_YEAR = 2000;
export const MAX_EXP_YEAR = 2099;
export const MIN_IDEMPOTENCY_KEY_LENGTH = 8;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const CARD_NUMBER_PATTERN = /^[0-9]{12,19}$/;
const CVC_PATTERN = /^[0-9]{3,4}$/;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

/** Spaces and dashes people type between digit groups. */
export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

const isIntegerBetween = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The card number as typed; the output is its digits. */
export const cardNumber = withErrorKey(
  z.string({ error: validationMessages.cardNumberError }).max(40).overwrite(cardDigits),
  'cardNumberError',
  (value) => typeof value === 'string' && CARD_NUMBER_PATTERN.test(value),
);

/** 1 to 12. */
export const expMonth = withErrorKey(
  z.number({ error: validationMessages.cardExpiryError }).int().min(1).max(12),
  'cardExpiryError',
  (value) => isIntegerBetween(value, 1, 12),
);

/** Four digits. */
export const expYear = withErrorKey(
  z.number({ error: validationMessages.cardExpiryError }).int().min(MIN_EXP_YEAR).max(MAX_EXP_YEAR),
  'cardExpiryError',
  (value) => isIntegerBetween(value, MIN_EXP_YEAR, MAX_EXP_YEAR),
);

/** The security code: 3 digits, 4 on American Express (the gateway checks which). */
export const cvc = withErrorKey(
  z.string({ error: validationMessages.cvcError }).overwrite((value) => value.trim()),
  'cvcError',
  (value) => typeof value === 'string' && CVC_PATTERN.test(value),
);

/** Optional: empty (after trimming), null or absent means none. */
export const holderName = withErrorKey(
  z
    .string({ error: validationMessages.holderNameError })
    .overwrite((value) => value.trim().replace(/\s+/g, ' ')),
  'holderNameError',
  (value) =>
    typeof value === 'string' && isSafeText(value) && [...value].length <= MAX_HOLDER_NAME_LENGTH,
)
  .nullable()
  .optional();

const PAYMENT_TOKEN_PATTERN = /^[A-Za-z0-9_:-]{8,255}$/;

/** A card's token made by the gateway's own card fields (Stripe's pm_..., the sandbox's tok_...). */
export const paymentToken = withErrorKey(
  z.string({ error: validationMessages.cardNumberError }),
  'cardNumberError',
  (value) => typeof value === 'string' && PAYMENT_TOKEN_PATTERN.test(value),
);

/** The Idempotency-Key header (IETF draft): 8 to 255 visible ASCII characters. */
export const idempotencyKey = withErrorKey(
  z.string({ error: validationMessages.idempotencyKeyError }),
  'idempotencyKeyError',
  (value) => typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value),
);
