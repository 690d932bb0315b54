import { z } from 'zod';
import { validationMessages } from '../errors/messages';
import {
  cardDigits,
  cvcOf,
  isCardNumber,
  isCvc,
  isExpMonth,
  isExpYear,
  isHolderName,
  MAX_EXP_YEAR,
  MAX_TYPED_CARD_NUMBER_LENGTH,
  MIN_EXP_YEAR,
} from './card-checks';
import { withErrorKey } from './rules';
import { collapseSpaces } from './text-checks';

/**
 * Rules of the card form, keyed like the rules of spec §5: zod schemas made of the plain checks
 * of card-checks.ts. They check the shape only; the payment gateway checks the rest.
 */

export const MIN_IDEMPOTENCY_KEY_LENGTH = 8;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

/** The card number as typed; the output is its digits. */
export const cardNumber = withErrorKey(
  z
    .string({ error: validationMessages.cardNumberError })
    .max(MAX_TYPED_CARD_NUMBER_LENGTH)
    .overwrite(cardDigits),
  'cardNumberError',
  isCardNumber,
);

/** 1 to 12. */
export const expMonth = withErrorKey(
  z.number({ error: validationMessages.cardExpiryError }).int().min(1).max(12),
  'cardExpiryError',
  isExpMonth,
);

/** Four digits. */
export const expYear = withErrorKey(
  z.number({ error: validationMessages.cardExpiryError }).int().min(MIN_EXP_YEAR).max(MAX_EXP_YEAR),
  'cardExpiryError',
  isExpYear,
);

/** The security code: 3 digits, 4 on American Express (the gateway checks which). */
export const cvc = withErrorKey(
  z.string({ error: validationMessages.cvcError }).overwrite(cvcOf),
  'cvcError',
  isCvc,
);

/** Optional: empty (after trimming), null or absent means none. */
export const holderName = withErrorKey(
  z.string({ error: validationMessages.holderNameError }).overwrite(collapseSpaces),
  'holderNameError',
  isHolderName,
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
