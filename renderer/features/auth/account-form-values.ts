import {
  emailCheck,
  emailCodeCheck,
  firstNameCheck,
  lastNameCheck,
  phoneNoCheck,
} from '../../../shared/validation/account-checks';
import { checkFields, required, unlessAbsent } from '../../../shared/validation/field-checks';
import { passwordCheck } from '../../../shared/validation/password-checks';

/**
 * The account forms' fields checked with plain checks, as the contracts' schemas in forms.ts
 * check them (`registrationForm`, `otpRegistrationForm`, `invitationForm`, `emailCodeForm`):
 * their pages load no zod.
 */

/** What a form holds as typed: antd leaves a field never typed in undefined. */
export type Typed<Field extends string> = Partial<Record<Field, string>>;

const accountChecks = {
  email: required(emailCheck),
  firstName: required(firstNameCheck),
  lastName: required(lastNameCheck),
  phoneNo: unlessAbsent(required(phoneNoCheck)),
};
const passwordChecks = { ...accountChecks, password: required(passwordCheck) };

type RegistrationField = keyof typeof passwordChecks;

/** Registration with a password, or with one-time passcodes instead (no password). */
export const checkRegistration = (typed: Typed<RegistrationField>, withPasscode: boolean) =>
  withPasscode ? checkFields(accountChecks, typed) : checkFields(passwordChecks, typed);

/** An invitation's completion: the email and a new password. */
export const checkInvitation = (typed: Typed<'email' | 'password'>) =>
  checkFields({ email: required(emailCheck), password: required(passwordCheck) }, typed);

/** The code emailed to prove the address. */
export const checkEmailCode = (typed: Typed<'code'>) =>
  checkFields({ code: required(emailCodeCheck) }, typed);
