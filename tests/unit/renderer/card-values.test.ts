import cardValidator from 'card-validator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CardField,
  type CardFormValues,
  checkCard,
  parseExpiry,
} from '../../../renderer/features/payment/card-values';
import { typedCardInput } from '../../../shared/contracts/card-entry';
import { validationMessages } from '../../../shared/errors/messages';
import { cardDigits, MAX_TYPED_CARD_NUMBER_LENGTH } from '../../../shared/validation/card-checks';
import { validateForm } from '../../../shared/validation/validate-form';

const now = new Date(2026, 10, 27);

/**
 * The card form's answer as the contract's zod schemas give it (how the form checked before it
 * took the plain checks): the schema's keyed errors, then the Luhn check and the past expiry.
 */
function checkedBySchemas(values: CardFormValues) {
  const expiry = parseExpiry(values.expiry);
  const result = validateForm(typedCardInput, {
    cardNumber: values.cardNumber,
    expMonth: expiry?.expMonth ?? Number.NaN,
    expYear: expiry?.expYear ?? Number.NaN,
    cvc: values.cvc,
    holderName: values.holderName.trim() === '' ? null : values.holderName,
  });
  const fieldOf: Record<string, CardField> = {
    cardNumber: 'cardNumber',
    expMonth: 'expiry',
    expYear: 'expiry',
    cvc: 'cvc',
    holderName: 'holderName',
  };
  const errors: Partial<Record<CardField, string>> = {};
  if (!result.ok) {
    for (const [name, key] of Object.entries(result.errors)) {
      const field = fieldOf[name];
      if (field && key) errors[field] ??= validationMessages[key];
    }
  }
  if (!errors.cardNumber && !cardValidator.number(cardDigits(values.cardNumber)).isValid) {
    errors.cardNumber = validationMessages.cardNumberError;
  }
  if (!errors.expiry && expiry) {
    const thisMonth = now.getFullYear() * 12 + now.getMonth();
    if (expiry.expYear * 12 + (expiry.expMonth - 1) < thisMonth) {
      errors.expiry = validationMessages.cardExpiredError;
    }
  }
  return result.ok && Object.keys(errors).length === 0
    ? { ok: true as const, card: result.data }
    : { ok: false as const, errors };
}

const cardNumbers = fc.oneof(
  fc.constantFrom(
    '4242 4242 4242 4242',
    '4000-0000-0000-0002',
    '3782 822463 10005',
    '5555555555554444',
    '4242 4242 4242 4241',
    ' 4242424242424242 ',
    '4242\t4242\n4242 4242',
    '',
  ),
  fc.stringMatching(/^[0-9 -]{0,30}$/),
  fc.string({ maxLength: 45 }),
);
const expiries = fc.oneof(
  fc.constantFrom(
    '12/30',
    '01/2031',
    '1230',
    '11/26',
    '10/26',
    '13/30',
    '00/30',
    '12/3',
    ' 4 / 29 ',
  ),
  fc.stringMatching(/^\s?\d{1,2}\s?\/?\s?\d{2,4}\s?$/),
  fc.string({ maxLength: 8 }),
);
const cvcs = fc.oneof(
  fc.constantFrom('123', ' 1234 ', '12', '12345', 'abc', ''),
  fc.string({ maxLength: 6 }),
);
const holderNames = fc.oneof(
  fc.constantFrom('', '   ', 'Ana  María Díaz', 'a\u0000b', 'x'.repeat(100), 'y'.repeat(101)),
  fc.string({ maxLength: 110 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const cardForms = fc.record({
  cardNumber: cardNumbers,
  expiry: expiries,
  cvc: cvcs,
  holderName: holderNames,
});

describe('the card form checked before a card is sent', () => {
  it('gives the answer the contract schemas give, for any card typed (no zod loaded for it)', () => {
    fc.assert(
      fc.property(cardForms, (values) => {
        const plain = checkCard(values, now);
        if (values.cardNumber.length > MAX_TYPED_CARD_NUMBER_LENGTH) {
          // The schema refuses it without a key (the form then said nothing); now it says why.
          expect(plain).toMatchObject({
            ok: false,
            errors: { cardNumber: validationMessages.cardNumberError },
          });
          return;
        }
        expect(plain).toEqual(checkedBySchemas(values));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    [
      {
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/30',
        cvc: ' 123 ',
        holderName: ' Ana  Díaz ',
      },
      {
        ok: true,
        card: {
          cardNumber: '4242424242424242',
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
          holderName: 'Ana Díaz',
        },
      },
    ],
    [
      { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', holderName: '' },
      {
        ok: true,
        card: {
          cardNumber: '4242424242424242',
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
          holderName: null,
        },
      },
    ],
    [
      { cardNumber: '4242 4242 4242 4241', expiry: '10/26', cvc: '12', holderName: 'a\u0000b' },
      {
        ok: false,
        errors: {
          cardNumber: validationMessages.cardNumberError,
          expiry: validationMessages.cardExpiredError,
          cvc: validationMessages.cvcError,
          holderName: validationMessages.holderNameError,
        },
      },
    ],
    [
      { cardNumber: '', expiry: '13/30', cvc: '123', holderName: '' },
      {
        ok: false,
        errors: {
          cardNumber: validationMessages.cardNumberError,
          expiry: validationMessages.cardExpiryError,
        },
      },
    ],
  ])('%j → %j', (values, answer) => {
    expect(checkCard(values, now)).toEqual(answer);
  });
});
