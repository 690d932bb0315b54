import { z } from 'zod';
import { ecpIntakeForm } from '../validation/forms';
import {
  email,
  emailCode,
  firstName,
  fullName,
  lastName,
  password,
  phoneNo,
} from '../validation/rules';
import { guidField, optionalText, storefrontIdField } from './fields';

/**
 * Registration (spec §6, §7 "POST register (normal, ECP, OTP variants): Email, Password,
 * CompanyId, names, landingPage, redirectPage") and the ECP intake path. Field names are the
 * spec's: PascalCase for the account fields, camelCase for landingPage and redirectPage, GUID
 * for the session GUID of the session-initialisation call. Every success signs the new patient
 * in and answers `tokenData` of ./auth.
 */

/** Where the shopper arrived and where to go after sign-up; stored for attribution only. */
const pageField = optionalText(2048);

const attribution = {
  landingPage: pageField,
  redirectPage: pageField,
  GUID: guidField,
  /** Ours: the guest order to carry into the new account. */
  guestOrderId: optionalText(64),
};

/**
 * Ours: the code SendRegistrationCode sent to Email, which proves the address (self-service
 * registration; an invitation's link proves it instead).
 */
const proof = { EmailCode: emailCode };

/** POST /api/user/SendRegistrationCode (ours): a code to Email before registering with it. */
export const sendRegistrationCodeRequest = z
  .object({ Email: email, CompanyId: storefrontIdField })
  .strict();
export type SendRegistrationCodeRequest = z.output<typeof sendRegistrationCodeRequest>;

export const sendRegistrationCodeData = z.object({
  /** Seconds until another code may be sent. */
  resendAfterSeconds: z.number().int(),
});
export type SendRegistrationCodeData = z.infer<typeof sendRegistrationCodeData>;

/** POST /api/user/Register. */
export const registerRequest = z
  .object({
    Email: email,
    Password: password,
    CompanyId: storefrontIdField,
    FirstName: firstName,
    LastName: lastName,
    PhoneNo: phoneNo,
    ...attribution,
    ...proof,
  })
  .strict();
export type RegisterRequest = z.output<typeof registerRequest>;

/** POST /api/user/RegisterWithOtp: no password; the patient signs in with one-time passcodes. */
export const registerWithOtpRequest = registerRequest.omit({ Password: true }).strict();
export type RegisterWithOtpRequest = z.output<typeof registerWithOtpRequest>;

/**
 * POST /api/user/RegisterJTM ("join the movement"): a full name instead of first and last name.
 * Password is optional; without one the account signs in with one-time passcodes.
 */
export const registerJoinTheMovementRequest = z
  .object({
    FullName: fullName,
    Email: email,
    CompanyId: storefrontIdField,
    Password: password.optional(),
    PhoneNo: phoneNo,
    ...attribution,
    ...proof,
  })
  .strict();
export type RegisterJoinTheMovementRequest = z.output<typeof registerJoinTheMovementRequest>;

/** The random id of an ECP's invitation link (newToken(): 43 URL-safe characters). */
export const peopleIdField = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);

/** GET /api/user/ValidateIntakeByPeopleId?peopleId=&guid= (spec §7 "external prescriber info"). */
export const validateIntakeQuery = z
  .object({
    peopleId: peopleIdField,
    guid: guidField,
  })
  .strict();

export const intakeStatusSchema = z.enum(['invited', 'registered', 'ordered']);

export const validateIntakeData = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** Masked (j***@example.com): the link alone must not disclose the address. */
  email: z.string(),
  status: intakeStatusSchema,
});
export type ValidateIntakeData = z.infer<typeof validateIntakeData>;

/**
 * POST /api/user/RegisterIntakeByEmail: completes an ECP's invitation. Email must be the invited
 * address; the names and phone, when given, correct what the ECP entered.
 */
export const registerIntakeRequest = z
  .object({
    PeopleId: peopleIdField,
    Email: email,
    Password: password,
    CompanyId: storefrontIdField,
    FirstName: firstName.optional(),
    LastName: lastName.optional(),
    PhoneNo: phoneNo,
    ...attribution,
  })
  .strict();
export type RegisterIntakeRequest = z.output<typeof registerIntakeRequest>;

/** POST /api/staff/intake/patients: an ECP invites one patient (spec §5 ECP intake form). */
export const ecpInviteRequest = ecpIntakeForm.strict();
export type EcpInviteRequest = z.output<typeof ecpInviteRequest>;

export const ecpInviteData = z.object({
  patientId: z.string().uuid(),
  /** The id carried by the invitation link, for an ECP who hands the link over in person. */
  peopleId: z.string(),
  status: intakeStatusSchema,
  /** False when the invitation email could not be delivered (it stays in the outbox). */
  invitationSent: z.boolean(),
});
export type EcpInviteData = z.infer<typeof ecpInviteData>;

export const MAX_INTAKE_PAGE_SIZE = 100;
export const DEFAULT_INTAKE_PAGE_SIZE = 50;

/** GET /api/staff/intake/patients?after=<cursor>&limit=: newest first, keyset paged. */
export const intakeListQuery = z
  .object({
    after: z.string().uuid().optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_INTAKE_PAGE_SIZE)
      .default(DEFAULT_INTAKE_PAGE_SIZE),
  })
  .strict();
export type IntakeListQuery = z.output<typeof intakeListQuery>;

export const intakePatient = z.object({
  patientId: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: intakeStatusSchema,
});
export type IntakePatient = z.infer<typeof intakePatient>;

export const intakeListData = z.object({
  items: z.array(intakePatient),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().uuid().nullable(),
});
export type IntakeListData = z.infer<typeof intakeListData>;

/**
 * GET external prescriber info (spec §7: peopleId and guid): the ECP who registered a patient.
 * With a peopleId: that invited patient's (anyone holding a pending invitation, the patient,
 * their ECP, staff); without: the signed-in patient's own.
 */
export const prescriberInfoQuery = z
  .object({ peopleId: peopleIdField.optional(), guid: guidField })
  .strict();
export type PrescriberInfoQuery = z.output<typeof prescriberInfoQuery>;

export const prescriberInfoData = z.object({
  practiceName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  npi: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PrescriberInfoData = z.infer<typeof prescriberInfoData>;
