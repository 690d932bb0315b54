import { isValidationErrorKey } from '../../shared/validation/validate-form';

interface ValidationEntry {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/**
 * Field -> error key for the envelope's `errors`: the spec's key (emailError, passwordError, ...)
 * where a rule of shared/validation failed, `unknownField` for a field that is not in the
 * contract, and `invalid` for anything else.
 */
export function fieldErrorsFromValidation(validation: readonly ValidationEntry[]) {
  const errors: Record<string, string> = {};
  for (const entry of validation) {
    const field = entry.instancePath?.split('/').filter(Boolean)[0] ?? '_';
    const params = entry.params ?? {};
    if (entry.keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
      for (const key of params.keys) errors[String(key)] ??= 'unknownField';
      continue;
    }
    const keyed = (params.params as { errorKey?: unknown } | undefined)?.errorKey;
    // A keyed issue wins over zod's own (a wrong type comes first, then the rule's key).
    const current = errors[field];
    if (isValidationErrorKey(keyed) && (current === undefined || current === 'invalid')) {
      errors[field] = keyed;
    } else {
      errors[field] ??= 'invalid';
    }
  }
  return errors;
}
