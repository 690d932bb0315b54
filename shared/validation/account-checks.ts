import { regexes } from 'zod/v4/core';
import {
  characters,
  MAX_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MIN_NAME_LENGTH,
  PHONE_DIGITS,
  type TextCheck,
} from './text-checks';

/**
 * Plain checks of an account's fields (no zod's schemas): the email, the names, the optional
 * phone, the passcode and the emailed code, the passcode's channels. The rules of rules.ts are
 * made of them; the registration page and the sign-in drawer, which load no zod, check with them.
 */

export const MAX_EMAIL_LENGTH = 254;
/** The spec's "standard email pattern": zod's practical email pattern (its regex alone). */
export const EMAIL_PATTERN: RegExp = regexes.email;
/** A one-time passcode, and the code registration emails: 6 digits. */
const PASSCODE_PATTERN = /^[0-9]{6}$/;
/** Where one-time passcodes are sent. */
export const OTP_CHANNELS = ['sms', 'email'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

const trim = (value: string): string => value.trim();

export const isValidEmail = (value: string): boolean =>
  value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);

const isValidName = (value: string): boolean => {
  const length = characters(value);
  return length >= MIN_NAME_LENGTH && length <= MAX_NAME_LENGTH;
};

/** Login, OTP send and verify, registration (key emailError). */
export const emailCheck: TextCheck = { key: 'emailError', normalize: trim, isValid: isValidEmail };
/** The forgotten password's request: the same pattern under its own key. */
export const resetEmailCheck: TextCheck = { ...emailCheck, key: 'emailFormatError' };
export const firstNameCheck: TextCheck = {
  key: 'firstNameError',
  normalize: trim,
  isValid: isValidName,
};
export const lastNameCheck: TextCheck = { ...firstNameCheck, key: 'lastNameError' };
/** Registration's optional phone: empty once trimmed, or 10 to 32 characters as typed. */
export const phoneNoCheck: TextCheck = {
  key: 'phoneNoError',
  normalize: trim,
  isValid: (value) =>
    value === '' || (value.length >= PHONE_DIGITS && value.length <= MAX_PHONE_LENGTH),
};
/** The one-time passcode. */
export const passcodeCheck: TextCheck = {
  key: 'passcodeError',
  normalize: trim,
  isValid: (value) => PASSCODE_PATTERN.test(value),
};
/** The code registration sends to the email to prove it: 6 digits, like a passcode. */
export const emailCodeCheck: TextCheck = { ...passcodeCheck, key: 'emailCodeError' };

/** One or both channels, each once. */
export const areOtpChannels = (value: unknown): value is OtpChannel[] =>
  Array.isArray(value) &&
  value.length >= 1 &&
  value.length <= OTP_CHANNELS.length &&
  new Set(value).size === value.length &&
  value.every((channel) => (OTP_CHANNELS as readonly unknown[]).includes(channel));
