import type { z } from 'zod';
import { type ValidationErrorKey, validationMessages } from '../errors/messages';

/** The first error key of each field at fault. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, ValidationErrorKey>>;

export type FormResult<T> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly errors: FieldErrors<Extract<keyof T, string>> };

export function isValidationErrorKey(value: unknown): value is ValidationErrorKey {
  return typeof value === 'string' && Object.hasOwn(validationMessages, value);
}

/** The spec's message for an error key. */
export function errorMessage(key: ValidationErrorKey): string {
  return validationMessages[key];
}

/** What errorKeysFromZodError reads of a zod issue (so plain issue lists from a framework do too). */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly params?: unknown;
}

/** The error key a rule attached to a zod issue (`params.errorKey`), if any. */
export function errorKeyOfIssue(issue: unknown): ValidationErrorKey | undefined {
  if (typeof issue !== 'object' || issue === null || !('params' in issue)) return undefined;
  const { params } = issue;
  if (typeof params !== 'object' || params === null || !('errorKey' in params)) return undefined;
  return isValidationErrorKey(params.errorKey) ? params.errorKey : undefined;
}

/**
 * `{ field: errorKey }` from a ZodError (or anything with its issues), keeping the first keyed
 * issue of each top-level field. Issues without a key, or not under a field, are left out.
 */
export function errorKeysFromZodError(error: {
  readonly issues: readonly IssueLike[];
}): FieldErrors {
  const errors = new Map<string, ValidationErrorKey>();
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'symbol' || field === undefined) continue;
    const name = String(field);
    const key = errorKeyOfIssue(issue);
    if (key !== undefined && !errors.has(name)) errors.set(name, key);
  }
  // fromEntries defines own properties, so a field named "__proto__" cannot reach a prototype.
  return Object.fromEntries(errors);
}

/**
 * Validates a form so that invalid input is refused before any request is sent or handled.
 * Never throws on what it is given: a non-object (or one whose reads throw) is refused with
 * the errors of an empty form.
 */
export function validateForm<S extends z.ZodObject>(
  schema: S,
  input: unknown,
): FormResult<z.output<S>> {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    try {
      const result = schema.safeParse(input);
      if (result.success) return { ok: true, data: result.data };
      return { ok: false, errors: errorKeysFromZodError(result.error) };
    } catch {
      // A throwing getter or proxy trap: hostile input, refused below like an empty form.
    }
  }
  return { ok: false, errors: emptyFormErrors(schema) };
}

function emptyFormErrors(schema: z.ZodObject): FieldErrors {
  const result = schema.safeParse({});
  return result.success ? {} : errorKeysFromZodError(result.error);
}
