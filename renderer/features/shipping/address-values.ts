import type { ShippingAddressInput } from '../../../shared/contracts/shipping';
import { addressTextChecks } from '../../../shared/validation/address-checks';
import {
  checkFields,
  optional,
  optionalPhone,
  required,
} from '../../../shared/validation/field-checks';
import type { FormResult } from '../../../shared/validation/validate-form';

/** What the address form holds while the patient types. */
export type AddressDraft = Record<
  'fullName' | 'line1' | 'line2' | 'city' | 'state' | 'zip' | 'phone',
  string
>;

const addressFieldChecks = {
  fullName: required(addressTextChecks.fullName),
  line1: required(addressTextChecks.line1),
  line2: optional(addressTextChecks.line2),
  city: required(addressTextChecks.city),
  state: required(addressTextChecks.state),
  zip: required(addressTextChecks.zip),
  phone: optionalPhone,
};

/**
 * The address form's draft checked with the address rules of shared/validation (address-checks.ts:
 * the same checks the contract's schema is made of, without zod): the address as it is sent, or
 * each field's error key. A blank second line or phone is none (null).
 */
export function checkAddress(draft: AddressDraft): FormResult<ShippingAddressInput> {
  return checkFields(addressFieldChecks, draft);
}
