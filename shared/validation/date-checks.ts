import type { TextCheck } from './text-checks';

/** Plain checks of dates as typed (no zod): rules.ts makes its date of birth rule of them. */

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const EARLIEST_BIRTH_DATE = '1900-01-01';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * A birth date from 1900 up to today; "today" allows one day ahead of UTC so that
 * nobody east of Greenwich born today is refused.
 */
export function isValidDateOfBirth(value: string, now: Date = new Date()): boolean {
  if (!isIsoDate(value)) return false;
  const latest = new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10);
  return value >= EARLIEST_BIRTH_DATE && value <= latest;
}

/** An optional date of birth: empty once trimmed (not given), or a valid one. */
export const dateOfBirthCheck: TextCheck = {
  key: 'dateOfBirthError',
  normalize: (value) => value.trim(),
  isValid: (value) => value === '' || isValidDateOfBirth(value),
};
