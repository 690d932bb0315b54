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
  type FieldCheck,
  formCheck,
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

const accountChecks = {
  email: required(emailCheck),
  firstName: required(firstNameCheck),
  lastName: required(lastNameCheck),
  phoneNo: unlessAbsent(required(phoneNoCheck)),
};
const withPassword = formCheck({ ...accountChecks, password: required(passwordCheck) });
const withPasscodes = formCheck(accountChecks);

/** Registration with a password, or with one-time passcodes instead (no password). */
export const checkRegistration = (
  typed: Parameters<typeof withPassword>[0],
  withPasscode: boolean,
) => (withPasscode ? withPasscodes(typed) : withPassword(typed));

/** An invitation's completion: the email and a new password. */
export const checkInvitation = formCheck({
  email: required(emailCheck),
  password: required(passwordCheck),
});

/** The code emailed to prove the address. */
export const checkEmailCode = formCheck({ code: required(emailCodeCheck) });

/** Sign-in with a password: the email, and a password only bounded in length. */
export const checkPasswordLogin = formCheck({
  email: required(emailCheck),
  password: required(loginPasswordCheck),
});

/** Where passcodes go: one or both channels, each once. */
const otpChannels: FieldCheck<OtpChannel[], readonly string[]> = (typed) =>
  areOtpChannels(typed) ? { ok: true, value: [...typed] } : { ok: false, key: 'otpChannelsError' };

/** Passcodes asked for: the email and the channels. */
export const checkPasscodeRequest = formCheck({
  email: required(emailCheck),
  channels: otpChannels,
});

/** A passcode received: the email it went to, and the 6 digits. */
export const checkPasscode = formCheck({
  email: required(emailCheck),
  code: required(passcodeCheck),
});

/** A forgotten password's link asked for. */
export const checkResetRequest = formCheck({ email: required(resetEmailCheck) });

/** "Join the movement": a full name and an email. */
export const checkJoinTheMovement = formCheck({
  fullName: required(fullNameCheck),
  email: required(emailCheck),
});
