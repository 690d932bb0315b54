import { z } from 'zod';
import { OTP_CHANNELS } from '../validation/account-checks';
import {
  email,
  loginPassword,
  otpChannels,
  passcode,
  password,
  resetPasswordEmail,
  resetToken,
} from '../validation/rules';
import { guidField, optionalText, storefrontIdField } from './fields';

/** Every role an account can have: the one list the server, the console and the contracts use. */
export const roles = ['patient', 'agent', 'ecp', 'doctor', 'admin'] as const;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles);

/** What every sign-in path answers (login, passcode login, registration): an opaque token. */
export const tokenData = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Idle time-out in seconds; each call extends it. */
  expires_in: z.number().int(),
  userId: z.string().uuid(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
});
export type TokenData = z.infer<typeof tokenData>;

/** POST AccessTokenSfrw, form data (spec §7). `username` is the email. */
export const loginRequest = z
  .object({
    username: email,
    password: loginPassword,
    companyid: storefrontIdField,
    companyName: optionalText(200),
    GA: optionalText(200),
    GUID: guidField,
    clientIp: optionalText(64),
    /** Ours, beside the spec's fields: the guest order to carry into the account. */
    guestOrderId: optionalText(64),
  })
  .strict();

/** Form data sends one channel as a string and several as a list under `channels[]`. */
const channelList = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  otpChannels,
);

/** POST SendLoginOtp, form data: userName, companyId, channels[] of sms and email. */
export const sendLoginOtpRequest = z
  .object({
    userName: email,
    companyId: storefrontIdField,
    'channels[]': channelList,
  })
  .strict();

export const sendLoginOtpData = z.object({
  channels: z.array(z.enum(OTP_CHANNELS)),
  /** Seconds until another passcode may be sent. */
  resendAfterSeconds: z.number().int(),
});

/** POST VerifyLoginOtp, form data. */
export const verifyLoginOtpRequest = z
  .object({
    userName: email,
    companyId: storefrontIdField,
    code: passcode,
    companyName: optionalText(200),
    GA: optionalText(200),
    clientIp: optionalText(64),
    guestOrderId: optionalText(64),
    GUID: guidField,
  })
  .strict();

/** POST AccessTokenAdmin, form data: the fixed client credentials of the web app. */
export const guestTokenRequest = z
  .object({
    grant_type: z.literal('client_credentials'),
    client_id: z.string().min(1).max(200),
    client_secret: z.string().min(1).max(200),
  })
  .strict();

export const guestTokenData = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});

export const validateTokenData = z.object({
  valid: z.literal(true),
  kind: z.enum(['user', 'guest']),
  userId: z.string().uuid().nullable(),
  role: roleSchema.nullable(),
});

/** POST ResetPasswordEmail: payload email (spec §7). */
export const resetPasswordEmailRequest = z.object({ email: resetPasswordEmail }).strict();

/** POST ResetPassword: the token from the emailed link and the new password. */
export const resetPasswordRequest = z.object({ token: resetToken, password }).strict();

export const emptyData = z.null();
