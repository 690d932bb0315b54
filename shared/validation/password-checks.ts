import { characters, type TextCheck } from './text-checks';

/**
 * Plain checks of a new password and of a reset link's token (no zod): the rules of rules.ts are
 * made of them, and the reset password page, which loads no zod, checks with them.
 */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 50;
export const MAX_RESET_TOKEN_LENGTH = 512;
/** Login does not apply the registration rule, but still bounds what reaches the hasher. */
export const MAX_LOGIN_PASSWORD_LENGTH = 256;

const UPPERCASE = /\p{Lu}/u;
const DIGIT = /[0-9]/;
const SPECIAL = /[#$^@!%&*?]/;
const RESET_TOKEN_PATTERN = /^[\x21-\x7E]+$/;

/** Spec §5: 8 to 50 characters, an uppercase letter, a digit and one of the special characters. */
export function isValidPassword(value: string): boolean {
  const length = characters(value);
  return (
    length >= MIN_PASSWORD_LENGTH &&
    length <= MAX_PASSWORD_LENGTH &&
    UPPERCASE.test(value) &&
    DIGIT.test(value) &&
    SPECIAL.test(value)
  );
}

/** The registration's and the reset's new password: never trimmed or truncated. */
export const passwordCheck: TextCheck = {
  key: 'passwordError',
  normalize: (value) => value,
  isValid: isValidPassword,
};

/** A password asked for again (sign-in, a change of password): only its length is bounded. */
export const loginPasswordCheck: TextCheck = {
  key: 'passwordError',
  normalize: (value) => value,
  isValid: (value) => value.length > 0 && value.length <= MAX_LOGIN_PASSWORD_LENGTH,
};

/** The token of an emailed reset link: printable ASCII without spaces, once trimmed. */
export const resetTokenCheck: TextCheck = {
  key: 'resetTokenError',
  normalize: (value) => value.trim(),
  isValid: (value) => value.length <= MAX_RESET_TOKEN_LENGTH && RESET_TOKEN_PATTERN.test(value),
};
