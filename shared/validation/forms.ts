import { z } from 'zod';
import {
  dateOfBirth,
  email,
  emailCode,
  firstName,
  fullName,
  lastName,
  loginPassword,
  otpChannels,
  passcode,
  password,
  phoneNo,
  phoneNumber,
  resetPasswordEmail,
  resetToken,
} from './rules';

/** The forms of spec §5, composed of the single-field rules. Unknown fields are dropped. */

export const loginForm = z.object({ email, password: loginPassword });
export type LoginFormData = z.output<typeof loginForm>;

export const otpSendForm = z.object({ email, channels: otpChannels });
export type OtpSendFormData = z.output<typeof otpSendForm>;

export const otpVerifyForm = z.object({ email, code: passcode });
export type OtpVerifyFormData = z.output<typeof otpVerifyForm>;

/** The code registration mails to the address (SendRegistrationCode). */
export const emailCodeForm = z.object({ code: emailCode });
export type EmailCodeFormData = z.output<typeof emailCodeForm>;

export const registrationForm = z.object({ email, password, firstName, lastName, phoneNo });
export type RegistrationFormData = z.output<typeof registrationForm>;

export const otpRegistrationForm = registrationForm.omit({ password: true });

/** Completing an ECP's invitation: the invited email and a new password. */
export const invitationForm = registrationForm.pick({ email: true, password: true });
export type InvitationFormData = z.infer<typeof invitationForm>;
export type OtpRegistrationFormData = z.output<typeof otpRegistrationForm>;

export const resetPasswordRequestForm = z.object({ email: resetPasswordEmail });
export type ResetPasswordRequestFormData = z.output<typeof resetPasswordRequestForm>;

export const resetPasswordForm = z.object({ token: resetToken, password });
export type ResetPasswordFormData = z.output<typeof resetPasswordForm>;

export const joinTheMovementForm = z.object({ fullName, email });
export type JoinTheMovementFormData = z.output<typeof joinTheMovementForm>;

export const ecpIntakeForm = z.object({ firstName, lastName, email, phoneNumber, dateOfBirth });
export type EcpIntakeFormData = z.output<typeof ecpIntakeForm>;
