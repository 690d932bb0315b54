import { z } from 'zod';
import { medicationList } from '../questionnaire/answers';
import {
  dateOfBirth,
  firstName,
  lastName,
  loginPassword,
  password,
  phoneNumber,
} from '../validation/rules';
import { roleSchema } from './auth';

/** GET User/UserInfo: the caller's own record. */
export const userInfoData = z.object({
  userId: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** 10 digits, or null when none was given. */
  phone: z.string().nullable(),
  /** YYYY-MM-DD, or null when none was given. */
  dateOfBirth: z.string().nullable(),
  role: roleSchema,
  storefrontId: z.number().int(),
});
export type UserInfoData = z.infer<typeof userInfoData>;

/**
 * POST User/UpdateUserInfo: only the fields given change. Email, role and storefront are not
 * part of the contract, so sending them is refused as unknown fields (SECURITY "Access control").
 * An empty dateOfBirth means "not given", as in the intake form.
 */
export const updateUserInfoRequest = z
  .object({
    firstName: firstName.optional(),
    lastName: lastName.optional(),
    phone: phoneNumber.optional(),
    dateOfBirth,
  })
  .strict();

/**
 * POST User/UpdatePassword: the current password is asked again (ASVS 6.2.3); it is checked
 * against the stored hash, not against the registration rule, so only its length is bounded.
 */
export const updatePasswordRequest = z
  .object({ currentPassword: loginPassword, newPassword: password })
  .strict();

/** GET User/PasswordLastUpdated: an ISO timestamp, or null for an account without a password. */
export const passwordLastUpdatedData = z.object({
  passwordLastUpdated: z.string().nullable(),
});

/** POST User/SignOutOtherDevices: how many other sessions ended. */
export const signOutOtherDevicesData = z.object({ signedOut: z.number().int() });

/**
 * User/Medications: the patient's "my medications" list, the same list the questionnaire's
 * medication question starts from. Null: never said; []: "I'm not taking any medication".
 */
export const medicationsData = z.object({ medications: z.array(z.string()).nullable() });
export type MedicationsData = z.infer<typeof medicationsData>;

export const updateMedicationsRequest = z
  .object({
    medications: z
      .array(z.string().max(500))
      .max(100)
      .transform((names, ctx) => {
        const list = medicationList(names);
        if (list === null) {
          ctx.addIssue({ code: 'custom', message: 'Please check the medication names.' });
          return z.NEVER;
        }
        return list;
      }),
  })
  .strict();
export type UpdateMedicationsRequest = z.input<typeof updateMedicationsRequest>;
