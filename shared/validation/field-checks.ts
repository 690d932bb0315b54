import type { ValidationErrorKey } from '../errors/messages';
import { isOptionalPhone, optionalPhoneOf } from './address-checks';
import { isBlank, isPhoneNumber, phoneDigits, type TextCheck } from './text-checks';
import type { FieldErrors, FormResult } from './validate-form';

/**
 * A form's fields checked with plain checks (no zod), as the contracts' schemas made of the same
 * checks would: each typed value becomes what is sent, or its field's error key.
 */
export type FieldCheck<Value, Typed = string> = (
  typed: Typed | undefined,
) => { ok: true; value: Value } | { ok: false; key: ValidationErrorKey };

/** A field that must pass its check; the normalized value is sent. */
export const required =
  (check: TextCheck): FieldCheck<string> =>
  (typed = '') => {
    const value = check.normalize(typed);
    return check.isValid(value) ? { ok: true, value } : { ok: false, key: check.key };
  };

/** A field that may be left blank (sent as null), else must pass its check. */
export const optional =
  (check: TextCheck): FieldCheck<string | null> =>
  (typed = '') =>
    isBlank(typed) ? { ok: true, value: null } : required(check)(typed);

/** A field that may be left out (kept out), else must pass its check as typed. */
export const unlessAbsent =
  <Value, Typed>(check: FieldCheck<Value, Typed>): FieldCheck<Value | undefined, Typed> =>
  (typed) =>
    typed === undefined ? { ok: true, value: undefined } : check(typed);

/** A phone number: its 10 digits. */
export const phoneNumber: FieldCheck<string> = (typed = '') =>
  isPhoneNumber(typed)
    ? { ok: true, value: phoneDigits(typed) }
    : { ok: false, key: 'phoneNumberError' };

/** An optional phone number: its 10 digits, or null when left blank. */
export const optionalPhone: FieldCheck<string | null> = (typed = '') =>
  isOptionalPhone(typed)
    ? { ok: true, value: optionalPhoneOf(typed) }
    : { ok: false, key: 'phoneNumberError' };

// biome-ignore lint/suspicious/noExplicitAny: any field check, whatever it is typed with
type AnyFieldCheck = FieldCheck<unknown, any>;

type Checked<Checks> = {
  [Field in keyof Checks]: Checks[Field] extends FieldCheck<infer Value, never> ? Value : never;
};

/**
 * What each field holds as typed (a text, or what its check reads, such as a choice's list);
 * antd leaves a field never typed undefined.
 */
type TypedFields<Checks extends Record<string, AnyFieldCheck>> = {
  [Field in keyof Checks]?: Parameters<Checks[Field]>[0];
};

/** Every field checked: the values to send, or each refused field's error key. */
export function checkFields<Checks extends Record<string, AnyFieldCheck>>(
  checks: Checks,
  typed: TypedFields<Checks>,
): FormResult<Checked<Checks>> {
  const values: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const [field, check] of Object.entries(checks)) {
    const result = check(typed[field]);
    if (result.ok) values[field] = result.value;
    else errors[field] = result.key;
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors: errors as FieldErrors<Extract<keyof Checked<Checks>, string>> }
    : { ok: true, data: values as Checked<Checks> };
}

/** A form's check: its fields' checks applied to what was typed (`checkFields`). */
export const formCheck =
  <Checks extends Record<string, AnyFieldCheck>>(checks: Checks) =>
  (typed: TypedFields<Checks>) =>
    checkFields(checks, typed);
