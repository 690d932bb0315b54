import type { NewPharmacyInput } from '../../../shared/contracts/pharmacy';
import { addressTextChecks, pharmacyTextChecks } from '../../../shared/validation/address-checks';
import {
  checkFields,
  optional,
  optionalPhone,
  required,
} from '../../../shared/validation/field-checks';
import type { FormResult } from '../../../shared/validation/validate-form';

/** What the pharmacy form holds while the patient types. */
export type OwnPharmacyDraft = Record<
  'pharmacyName' | 'address' | 'city' | 'state' | 'zip' | 'phone' | 'fax' | 'npi',
  string
>;

const ownPharmacyFieldChecks = {
  pharmacyName: required(pharmacyTextChecks.name),
  address: required(addressTextChecks.line1),
  city: required(addressTextChecks.city),
  state: required(addressTextChecks.state),
  zip: required(addressTextChecks.zip),
  phone: optionalPhone,
  fax: optionalPhone,
  npi: optional(pharmacyTextChecks.npi),
};

/**
 * The pharmacy form's draft checked with the pharmacy rules of shared/validation (the plain
 * checks the contract's schema is made of, without zod): the pharmacy as it is sent, or each
 * field's error key. A blank phone, fax or NPI is none (null).
 */
export function checkOwnPharmacy(draft: OwnPharmacyDraft): FormResult<NewPharmacyInput> {
  return checkFields(ownPharmacyFieldChecks, draft);
}
