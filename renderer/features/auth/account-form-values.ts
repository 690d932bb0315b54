import {
  areOtpChannels,
  emailCheck,
  emailCodeCheck,
  firstNameCheck,
  lastNameCheck,
  type OtpChannel,
  passcodeCheck,
  phoneNoCheck,
  resetEmailCheck,
} from '../../../shared/validation/account-checks';
import {
  checkFields,
  type FieldCheck,
  required,
  unlessAbsent,
} from '../../../shared/validation/field-checks';
import { loginPasswordCheck, passwordCheck } from '../../../shared/validation/password-checks';
import { fullNameCheck } from '../../../shared/validation/text-checks';

/**
 * The account forms' fields checked with plain checks, as the contracts' schemas in forms.ts
 * check them (registration, invitation, the emailed code, and the sign-in drawer's forms):
 * their pages and the drawer load no zod.
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

/** Sign-in with a password: the email, and a password only bounded in length. */
export const checkPasswordLogin = (typed: Typed<'email' | 'password'>) =>
  checkFields({ email: required(emailCheck), password: required(loginPasswordCheck) }, typed);

/** Where passcodes go: one or both channels, each once. */
const otpChannels: FieldCheck<OtpChannel[], readonly string[]> = (typed) =>
  areOtpChannels(typed) ? { ok: true, value: [...typed] } : { ok: false, key: 'otpChannelsError' };

/** Passcodes asked for: the email and the channels. */
export const checkPasscodeRequest = (typed: { email?: string; channels?: readonly string[] }) =>
  checkFields({ email: required(emailCheck), channels: otpChannels }, typed);

/** A passcode received: the email it went to, and the 6 digits. */
export const checkPasscode = (typed: Typed<'email' | 'code'>) =>
  checkFields({ email: required(emailCheck), code: required(passcodeCheck) }, typed);

/** A forgotten password's link asked for. */
export const checkResetRequest = (typed: Typed<'email'>) =>
  checkFields({ email: required(resetEmailCheck) }, typed);

/** "Join the movement": a full name and an email. */
export const checkJoinTheMovement = (typed: Typed<'fullName' | 'email'>) =>
  checkFields({ fullName: required(fullNameCheck), email: required(emailCheck) }, typed);
