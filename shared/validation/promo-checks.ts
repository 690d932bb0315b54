import type { TextCheck } from './text-checks';

/** The promo code's plain check (no zod): rules.ts makes its rule of it; the cart drawer checks with it. */

export const MAX_PROMO_CODE_LENGTH = 50;
const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Letters, digits, _ and -, at most 50, once trimmed. */
export const promoCodeCheck: TextCheck = {
  key: 'promoCodeError',
  normalize: (value) => value.trim(),
  isValid: (value) => value.length <= MAX_PROMO_CODE_LENGTH && PROMO_CODE_PATTERN.test(value),
};
