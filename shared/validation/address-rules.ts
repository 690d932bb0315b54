import { z } from 'zod';
import { validationMessages } from '../errors/messages';
import {
  addressTextChecks,
  isOptionalPhone,
  optionalPhoneOf,
  pharmacyTextChecks,
} from './address-checks';
import { keyedTextCheck, withErrorKey } from './rules';

/**
 * Rules of the shipping address and pharmacy forms, keyed like the rules of spec §5 so the
 * server answers `errors: { field: errorKey }` and the UI shows the same words: zod schemas made
 * of the plain checks of address-checks.ts.
 */

export const addressLine1 = keyedTextCheck(addressTextChecks.line1);
/** Optional: empty (after trimming), null or absent means none. */
export const addressLine2 = keyedTextCheck(addressTextChecks.line2).nullable().optional();
export const city = keyedTextCheck(addressTextChecks.city);
export const stateCode = keyedTextCheck(addressTextChecks.state);
export const zipCode = keyedTextCheck(addressTextChecks.zip);

export const pharmacyName = keyedTextCheck(pharmacyTextChecks.name);
export const npi = keyedTextCheck(pharmacyTextChecks.npi);
export const pharmacySearch = keyedTextCheck(pharmacyTextChecks.search);

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
