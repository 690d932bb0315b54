import { firstNameCheck, lastNameCheck } from '../../../shared/validation/account-checks';
import { dateOfBirthCheck } from '../../../shared/validation/date-checks';
import {
  formCheck,
  phoneNumber,
  required,
  unlessAbsent,
} from '../../../shared/validation/field-checks';
import { loginPasswordCheck, passwordCheck } from '../../../shared/validation/password-checks';

/**
 * The profile's forms checked with plain checks, as their contracts' schemas check them
 * (`updateUserInfoRequest`, `updatePasswordRequest` in shared/contracts/profile.ts): the
 * account's sections load no zod.
 */

/** The name, phone (left out when blank) and date of birth. */
export const checkProfile = formCheck({
  firstName: unlessAbsent(required(firstNameCheck)),
  lastName: unlessAbsent(required(lastNameCheck)),
  phone: unlessAbsent(phoneNumber),
  dateOfBirth: unlessAbsent(required(dateOfBirthCheck)),
});

/** The current password again, and a new one with the spec's rule. */
export const checkPasswordChange = formCheck({
  currentPassword: required(loginPasswordCheck),
  newPassword: required(passwordCheck),
});
