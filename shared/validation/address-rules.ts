import { z } from 'zod';
import { type ValidationErrorKey, validationMessages } from '../errors/messages';
import {
  collapseSpaces,
  keyedString,
  MAX_PHONE_LENGTH,
  PHONE_DIGITS,
  phoneDigits,
  withErrorKey,
} from './rules';
import { isSafeText } from './safe-text';

/**
 * Rules of the shipping address and pharmacy forms, keyed like the rules of spec §5 so the
 * server answers `errors: { field: errorKey }` and the UI shows the same words.
 */

export const MAX_ADDRESS_LINE_LENGTH = 200;
export const MAX_CITY_LENGTH = 100;
export const MAX_PHARMACY_NAME_LENGTH = 120;
export const MIN_PHARMACY_SEARCH_LENGTH = 2;
export const MAX_PHARMACY_SEARCH_LENGTH = 100;
export const NPI_DIGITS = 10;

const ZIP_PATTERN = /^[0-9]{5}(-[0-9]{4})?$/;
const STATE_PATTERN = /^[A-Z]{2}$/;
const NPI_PATTERN = /^[0-9]{10}$/;

const characters = (value: string): number => [...value].length;

/** A keyed string field (rules.ts) that also refuses control characters. */
const keyedText = (
  key: ValidationErrorKey,
  normalize: (value: string) => string,
  isValid: (value: string) => boolean,
) => keyedString(key, normalize, (value) => isSafeText(value) && isValid(value));

const between = (min: number, max: number) => (value: string) => {
  const length = characters(value);
  return length >= min && length <= max;
};

/** A 5-digit zip code or ZIP+4 (12345-6789). */
export const isZipCode = (value: string): boolean => ZIP_PATTERN.test(value);
/** The 5-digit part of a zip code. */
export const zip5 = (value: string): string => value.slice(0, 5);

export const addressLine1 = keyedText(
  'addressLine1Error',
  collapseSpaces,
  between(1, MAX_ADDRESS_LINE_LENGTH),
);
/** Optional: empty (after trimming), null or absent means none. */
export const addressLine2 = keyedText(
  'addressLine2Error',
  collapseSpaces,
  between(0, MAX_ADDRESS_LINE_LENGTH),
)
  .nullable()
  .optional();
export const city = keyedText('cityError', collapseSpaces, between(2, MAX_CITY_LENGTH));
/** Two letters, upper-cased; whether the state exists is the server's check (us_states). */
export const stateCode = keyedText(
  'stateError',
  (value) => value.trim().toUpperCase(),
  (value) => STATE_PATTERN.test(value),
);
export const zipCode = keyedText('zipCodeError', (value) => value.trim(), isZipCode);
export const pharmacyName = keyedText(
  'pharmacyNameError',
  collapseSpaces,
  between(2, MAX_PHARMACY_NAME_LENGTH),
);
export const npi = keyedText(
  'npiError',
  (value) => value.replace(/[\s-]/g, ''),
  (value) => NPI_PATTERN.test(value),
);
export const pharmacySearch = keyedText(
  'pharmacySearchError',
  collapseSpaces,
  between(MIN_PHARMACY_SEARCH_LENGTH, MAX_PHARMACY_SEARCH_LENGTH),
);

/**
 * An optional phone number (spec §5 PhoneNumber: 10 digits once non-digits are removed). Empty,
 * null or absent means none; the output is the 10 digits or null.
 */
export const optionalPhoneNumber = withErrorKey(
  z.string({ error: validationMessages.phoneNumberError }).nullable(),
  'phoneNumberError',
  (value) =>
    value === null ||
    (typeof value === 'string' &&
      value.length <= MAX_PHONE_LENGTH &&
      (value.trim() === '' || phoneDigits(value).length === PHONE_DIGITS)),
)
  .overwrite((value) => (value === null || value.trim() === '' ? null : phoneDigits(value)))
  .optional();
