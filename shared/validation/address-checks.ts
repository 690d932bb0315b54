import { isSafeText } from './safe-text';
import {
  characters,
  collapseSpaces,
  fullNameCheck,
  isBlank,
  isPhoneNumber,
  MAX_PHONE_LENGTH,
  phoneDigits,
  type TextCheck,
} from './text-checks';

/**
 * The shipping address's and the pharmacy's rules as plain checks (no zod): the address rules'
 * schemas (address-rules.ts) are made of them, and the forms check with them before sending.
 */

const MAX_ADDRESS_LINE_LENGTH = 200;
const MAX_CITY_LENGTH = 100;

const ZIP_PATTERN = /^[0-9]{5}(-[0-9]{4})?$/;
const STATE_PATTERN = /^[A-Z]{2}$/;

/** A 5-digit zip code or ZIP+4 (12345-6789). */
const isZipCode = (value: string): boolean => ZIP_PATTERN.test(value);

/** Printable text (no control characters) whose length in characters is within bounds. */
const safeTextBetween =
  (min: number, max: number) =>
  (value: string): boolean => {
    const length = characters(value);
    return isSafeText(value) && length >= min && length <= max;
  };

/** Printable text that passes `isValid`. */
const safeText =
  (isValid: (value: string) => boolean) =>
  (value: string): boolean =>
    isSafeText(value) && isValid(value);

/** The address's text fields; `line2` is optional (null, or blank before normalizing, is none). */
export const addressTextChecks = {
  fullName: fullNameCheck,
  line1: {
    key: 'addressLine1Error',
    normalize: collapseSpaces,
    isValid: safeTextBetween(1, MAX_ADDRESS_LINE_LENGTH),
  },
  line2: {
    key: 'addressLine2Error',
    normalize: collapseSpaces,
    isValid: safeTextBetween(0, MAX_ADDRESS_LINE_LENGTH),
  },
  city: {
    key: 'cityError',
    normalize: collapseSpaces,
    isValid: safeTextBetween(2, MAX_CITY_LENGTH),
  },
  /** Two letters, upper-cased; whether the state exists is the server's check (us_states). */
  state: {
    key: 'stateError',
    normalize: (value) => value.trim().toUpperCase(),
    isValid: safeText((value) => STATE_PATTERN.test(value)),
  },
  zip: { key: 'zipCodeError', normalize: (value) => value.trim(), isValid: safeText(isZipCode) },
} as const satisfies Record<string, TextCheck>;

const MAX_PHARMACY_NAME_LENGTH = 120;
const MIN_PHARMACY_SEARCH_LENGTH = 2;
const MAX_PHARMACY_SEARCH_LENGTH = 100;

const NPI_PATTERN = /^[0-9]{10}$/;

/** A pharmacy the patient enters by hand, and the pharmacy search. */
export const pharmacyTextChecks = {
  name: {
    key: 'pharmacyNameError',
    normalize: collapseSpaces,
    isValid: safeTextBetween(2, MAX_PHARMACY_NAME_LENGTH),
  },
  npi: {
    key: 'npiError',
    normalize: (value) => value.replace(/[\s-]/g, ''),
    isValid: safeText((value) => NPI_PATTERN.test(value)),
  },
  search: {
    key: 'pharmacySearchError',
    normalize: collapseSpaces,
    isValid: safeTextBetween(MIN_PHARMACY_SEARCH_LENGTH, MAX_PHARMACY_SEARCH_LENGTH),
  },
} as const satisfies Record<string, TextCheck>;

/**
 * An optional phone number (spec §5 PhoneNumber: 10 digits once non-digits are removed): null or
 * blank is none.
 */
export const isOptionalPhone = (value: string | null): boolean =>
  value === null || (isBlank(value) ? value.length <= MAX_PHONE_LENGTH : isPhoneNumber(value));

/** The phone's 10 digits, or null for none. */
export const optionalPhoneOf = (value: string | null): string | null =>
  value === null || isBlank(value) ? null : phoneDigits(value);
