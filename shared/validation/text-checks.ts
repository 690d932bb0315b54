import type { ValidationErrorKey } from '../errors/messages';

/**
 * Plain checks of names and phone numbers (no zod): the rules of rules.ts are made of them, and
 * the address checks of a page that loads no zod use them too.
 */

export const MIN_NAME_LENGTH = 2;
export const MAX_NAME_LENGTH = 100;
export const MAX_FULL_NAME_LENGTH = 2 * MAX_NAME_LENGTH + 1;
export const PHONE_DIGITS = 10;
export const MAX_PHONE_LENGTH = 32;

/** Length in characters (code points), not UTF-16 units. */
export const characters = (value: string): number => [...value].length;

/** Trimmed, each run of whitespace one space. */
export const collapseSpaces = (value: string): string => value.trim().replace(/\s+/g, ' ');

/** At least two words of two characters or more, at most 201 characters. */
export function isValidFullName(value: string): boolean {
  const words = value.trim().split(/\s+/);
  return (
    characters(value) <= MAX_FULL_NAME_LENGTH &&
    words.length >= 2 &&
    words.every((word) => characters(word) >= MIN_NAME_LENGTH)
  );
}

export const phoneDigits = (value: string): string => value.replace(/\D/g, '');

/** A phone number (spec §5 PhoneNumber): 10 digits once non-digits are removed. */
export const isPhoneNumber = (value: string): boolean =>
  value.length <= MAX_PHONE_LENGTH && phoneDigits(value).length === PHONE_DIGITS;

/** Blank, as an optional field's "none". */
export const isBlank = (value: string): boolean => value.trim() === '';

/** A text field's rule: its error key, how a typed value is normalized, and the normalized check. */
export interface TextCheck {
  readonly key: ValidationErrorKey;
  normalize(value: string): string;
  isValid(value: string): boolean;
}

/** A full name (spec §5): runs of whitespace between words count as one and are collapsed. */
export const fullNameCheck: TextCheck = {
  key: 'fullNameError',
  normalize: collapseSpaces,
  isValid: isValidFullName,
};
