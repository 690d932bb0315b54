import { z } from 'zod';
import { validationMessages } from '../errors/messages';
import {
  addressTextChecks,
  isOptionalPhone,
  optionalPhoneOf,
  safeText,
  safeTextBetween,
} from './address-checks';
import { keyedTextCheck, withErrorKey } from './rules';
import { collapseSpaces, type TextCheck } from './text-checks';

/**
 * Rules of the shipping address and pharmacy forms, keyed like the rules of spec §5 so the
 * server answers `errors: { field: errorKey }` and the UI shows the same words. The address's
 * are made of the plain checks of address-checks.ts.
 */

export const MAX_PHARMACY_NAME_LENGTH = 120;
export const MIN_PHARMACY_SEARCH_LENGTH = 2;
export const MAX_PHARMACY_SEARCH_LENGTH = 100;
export const NPI_DIGITS = 10;

const NPI_PATTERN = /^[0-9]{10}$/;

export const addressLine1 = keyedTextCheck(addressTextChecks.line1);
/** Optional: empty (after trimming), null or absent means none. */
export const addressLine2 = keyedTextCheck(addressTextChecks.line2).nullable().optional();
export const city = keyedTextCheck(addressTextChecks.city);
export const stateCode = keyedTextCheck(addressTextChecks.state);
export const zipCode = keyedTextCheck(addressTextChecks.zip);

const pharmacyChecks = {
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

export const pharmacyName = keyedTextCheck(pharmacyChecks.name);
export const npi = keyedTextCheck(pharmacyChecks.npi);
export const pharmacySearch = keyedTextCheck(pharmacyChecks.search);

/**
 * An optional phone number (spec §5 PhoneNumber: 10 digits once non-digits are removed). Empty,
 * null or absent means none; the output is the 10 digits or null.
 */
export const optionalPhoneNumber = withErrorKey(
  z.string({ error: validationMessages.phoneNumberError }).nullable(),
  'phoneNumberError',
  (value) => value === null || (typeof value === 'string' && isOptionalPhone(value)),
)
  .overwrite(optionalPhoneOf)
  .optional();
