import cardValidator from 'card-validator';
import { messages } from '../../../shared/errors/messages';
import type { CardDetails, CardField } from './payment-gateway';

export type CardCheck =
  | { ok: true; brand: string; last4: string }
  | { ok: false; code: string; message: string; field: CardField };

/**
 * Whether a month/year is before the current month (a card is good through its whole month).
 * Server-local time, as card-validator reads it, so the two never disagree at a month's turn.
 */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** An expiry in the future, and not further than card-validator allows (19 years). */
export function checkExpiry(
  expMonth: number,
  expYear: number,
  now = new Date(),
): { ok: true } | { ok: false; code: string; message: string; field: 'expiry' } {
  if (isExpired(expMonth, expYear, now)) {
    return { ok: false, code: 'expired_card', message: messages.cardExpired, field: 'expiry' };
  }
  const expiry = cardValidator.expirationDate({ month: String(expMonth), year: String(expYear) });
  if (!expiry.isValid) {
    return {
      ok: false,
      code: 'invalid_expiry',
      message: messages.cardExpiryInvalid,
      field: 'expiry',
    };
  }
  return { ok: true };
}

/**
 * The checks any card form makes before a card reaches a processor, by card-validator (DESIGN
 * §4): a known brand with a valid length and Luhn checksum, an expiry in the future (and not
 * absurdly far), and a CVC of the brand's length.
 */
export function checkCard(card: CardDetails, now = new Date()): CardCheck {
  const number = cardValidator.number(card.number);
  if (!number.isValid || !number.card) {
    return {
      ok: false,
      code: 'incorrect_number',
      message: messages.cardNumberIncorrect,
      field: 'cardNumber',
    };
  }
  const expiry = checkExpiry(card.expMonth, card.expYear, now);
  if (!expiry.ok) return expiry;
  if (!cardValidator.cvv(card.cvc, number.card.code.size).isValid) {
    return { ok: false, code: 'invalid_cvc', message: messages.cardCvcInvalid, field: 'cvc' };
  }
  return { ok: true, brand: number.card.type, last4: card.number.slice(-4) };
}
