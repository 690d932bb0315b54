import type { ShippingAddressInput } from '../../../shared/contracts/shipping';
import {
  addressTextChecks,
  isBlank,
  isOptionalPhone,
  optionalPhoneOf,
} from '../../../shared/validation/address-checks';
import type { FieldErrors, FormResult } from '../../../shared/validation/validate-form';

/** What the address form holds while the patient types. */
export type AddressDraft = Record<
  'fullName' | 'line1' | 'line2' | 'city' | 'state' | 'zip' | 'phone',
  string
>;

/**
 * The address form's draft checked with the address rules of shared/validation (address-checks.ts:
 * the same checks the contract's schema is made of, without zod): the address as it is sent, or
 * each field's error key. A blank second line or phone is none (null).
 */
export function checkAddress(draft: AddressDraft): FormResult<ShippingAddressInput> {
  const errors: FieldErrors<keyof AddressDraft> = {};
  const checked = (field: keyof typeof addressTextChecks): string => {
    const check = addressTextChecks[field];
    const value = check.normalize(draft[field]);
    if (!check.isValid(value)) errors[field] = check.key;
    return value;
  };
  const address: ShippingAddressInput = {
    fullName: checked('fullName'),
    line1: checked('line1'),
    line2: isBlank(draft.line2) ? null : checked('line2'),
    city: checked('city'),
    state: checked('state'),
    zip: checked('zip'),
    phone: optionalPhoneOf(draft.phone),
  };
  if (!isOptionalPhone(draft.phone)) errors.phone = 'phoneNumberError';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data: address };
}
