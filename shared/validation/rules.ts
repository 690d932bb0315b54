import { z } from 'zod';
import { type ValidationErrorKey, validationMessages } from '../errors/messages';
import {
  MAX_MEDICATION_SEARCH_LENGTH,
  MIN_MEDICATION_SEARCH_LENGTH,
} from '../questionnaire/medication-search';
import {
  areOtpChannels,
  emailCheck,
  emailCodeCheck,
  firstNameCheck,
  lastNameCheck,
  OTP_CHANNELS,
  passcodeCheck,
  phoneNoCheck,
  resetEmailCheck,
} from './account-checks';
import { dateOfBirthCheck } from './date-checks';
import { loginPasswordCheck, passwordCheck, resetTokenCheck } from './password-checks';
import { promoCodeCheck } from './promo-checks';
import {
  characters,
  fullNameCheck,
  isPhoneNumber,
  phoneDigits,
  type TextCheck,
} from './text-checks';

/**
 * Single-field rules of spec §5 and §9.
 *
 * Every rule fails with exactly one issue that carries its error key in `params.errorKey`
 * (plus, for input of the wrong type, zod's own `invalid_type` issue with the same message),
 * so a server can answer `errors: { field: errorKey }` and a UI can show the spec's message.
 * zod error maps can only produce a message, so the key rides on a custom issue's `params`.
 */

/** The `params` of a keyed issue. */
export interface ErrorKeyParams {
  readonly errorKey: ValidationErrorKey;
}

const always = (): boolean => true;

/**
 * Tags a schema with an error key: the predicate sees the raw value (so it must check the
 * type itself) and runs even after the base schema failed, so every failure carries the key.
 */
export function withErrorKey<T extends z.ZodType>(
  schema: T,
  key: ValidationErrorKey,
  isValid: (value: unknown) => boolean,
): T {
  const params: ErrorKeyParams = { errorKey: key };
  return schema.refine(isValid, {
    error: validationMessages[key],
    params,
    when: always,
    abort: true,
  });
}

/** A string field with its spec §5 error key: normalized, then checked. */
export function keyedString(
  key: ValidationErrorKey,
  normalize: (value: string) => string,
  isValid: (value: string) => boolean,
) {
  return withErrorKey(
    z.string({ error: validationMessages[key] }).overwrite(normalize),
    key,
    (value) => typeof value === 'string' && isValid(value),
  );
}

/** A keyed string field made of a plain check (text-checks.ts). */
export const keyedTextCheck = (check: TextCheck) =>
  keyedString(check.key, check.normalize, check.isValid);

const trim = (value: string): string => value.trim();

/** Login, OTP send and verify, registration, OTP registration (key emailError). */
export const email = keyedTextCheck(emailCheck);
/** Reset password uses the same pattern under its own key. */
export const resetPasswordEmail = keyedTextCheck(resetEmailCheck);
/** Registration rule; never trimmed or truncated. */
export const password = keyedTextCheck(passwordCheck);
/** Login only asks for a password, it does not re-apply the registration rule. */
export const loginPassword = keyedTextCheck(loginPasswordCheck);
export const firstName = keyedTextCheck(firstNameCheck);
export const lastName = keyedTextCheck(lastNameCheck);
/** Runs of whitespace between words count as one separator and are collapsed. */
export const fullName = keyedTextCheck(fullNameCheck);
/** Optional: empty (after trimming) or absent means not given. */
export const phoneNo = keyedTextCheck(phoneNoCheck).optional();
/** Exactly 10 digits once non-digits are removed; the output is the 10 digits. */
export const phoneNumber = withErrorKey(
  z.string({ error: validationMessages.phoneNumberError }),
  'phoneNumberError',
  (value) => typeof value === 'string' && isPhoneNumber(value),
).overwrite(phoneDigits);
export const medicationSearch = keyedString('medicationSearchError', trim, (value) => {
  const length = characters(value);
  return length >= MIN_MEDICATION_SEARCH_LENGTH && length <= MAX_MEDICATION_SEARCH_LENGTH;
});
export const promoCode = keyedTextCheck(promoCodeCheck);
/** The one-time passcode: 6 digits. */
export const passcode = keyedTextCheck(passcodeCheck);
/** The code registration sends to the email to prove it: 6 digits, like a passcode. */
export const emailCode = keyedTextCheck(emailCodeCheck);
export const otpChannels = withErrorKey(
  z.array(z.enum(OTP_CHANNELS, { error: validationMessages.otpChannelsError }), {
    error: validationMessages.otpChannelsError,
  }),
  'otpChannelsError',
  areOtpChannels,
);
export const resetToken = keyedTextCheck(resetTokenCheck);

/** Optional: empty (after trimming) or absent means not given. */
export const dateOfBirth = keyedTextCheck(dateOfBirthCheck).optional();
