import type { TokenData } from '../../../shared/contracts/auth';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { users } from '../../db/schema/identity';
import type { AppDeps } from '../../deps';
import { hashPassword } from '../../lib/passwords';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { completeSignIn } from '../auth/sign-in';
import { assertIpNotThrottled, recordAttempt } from '../auth/throttle';
import { resolveAttribution } from './attribution';
import {
  assertEmailFree,
  assertStorefrontExists,
  insertUser,
  inTransactionOrConflict,
  normalizeEmail,
} from './new-patient';
import { checkRegistrationCode, takeRegistrationCode } from './registration-code';

/** The self-service registration paths; each is also the account's signupSource. */
export type RegistrationKind = 'web' | 'otp' | 'join-the-movement';

export interface Registration {
  kind: RegistrationKind;
  email: string;
  /** Null: a passcode-only account (it signs in with one-time passcodes). */
  password: string | null;
  storefrontId: number;
  firstName: string;
  lastName: string;
  phone: string | undefined;
  landingPage: string | undefined;
  redirectPage: string | undefined;
  GUID: string | undefined;
  guestOrderId: string | undefined;
  /** The code sendRegistrationCode sent to the email: it proves the address. */
  emailCode: string;
}

/** The audit action of a registration path. */
export const registrationAction = (kind: RegistrationKind) => `auth.register.${kind}`;

/**
 * Creates a patient whose email the code proved, and signs them in (spec §7: "After success
 * the user is logged in automatically"). The user row, the spent code, the audit entries and
 * the token are one transaction.
 */
export async function registerPatient(
  deps: AppDeps,
  context: RequestContext,
  input: Registration,
): Promise<TokenData> {
  const { db } = deps.database;
  const action = registrationAction(input.kind);
  const email = normalizeEmail(input.email);
  // Accounts per address and hour: bots cannot mint accounts (or hold slots with them).
  await assertIpNotThrottled(db, deps.config.ipLimits, 'registration', context.ip);
  await assertStorefrontExists(db, input.storefrontId);
  await assertEmailFree(db, context, email, action);
  const codeId = await checkRegistrationCode(deps, context, {
    email,
    code: input.emailCode,
  });
  const attribution = await resolveAttribution(db, input);
  // Hashed before the transaction: argon2 is slow and must not hold a transaction open.
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  const signupSource: (typeof users.$inferInsert)['signupSource'] = input.kind;

  return inTransactionOrConflict(db, context, action, async (tx) => {
    if (!(await takeRegistrationCode(tx, codeId)))
      throw fail.badRequest(messages.invalidEmailCode, { EmailCode: 'emailCodeError' });
    const user = await insertUser(tx, {
      email,
      // Proven by the code sent to it (checked above).
      emailVerifiedAt: new Date(),
      passwordHash,
      passwordUpdatedAt: passwordHash ? new Date() : null,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone || null,
      role: 'patient',
      storefrontId: input.storefrontId,
      signupSource,
      ...attribution,
    });
    await writeAudit(tx, context, {
      action,
      outcome: 'success',
      actorId: user.id,
      actorRole: user.role,
      subject: user.id,
      detail: { storefrontId: user.storefrontId, withPassword: passwordHash !== null },
    });
    await recordAttempt(tx, {
      method: 'registration',
      ip: context.ip,
      account: email,
      success: true,
    });
    return completeSignIn(tx, context, user, 'registration', {
      guestOrderId: input.guestOrderId,
      guid: input.GUID ?? null,
    });
  });
}

/**
 * "Join the movement" asks for one full name (spec §5: two or more words, each at least 2
 * characters, runs of spaces already collapsed). The last word is the last name and the rest
 * the first name, so a middle name stays with the first ("Mary Ann Smith" is Mary Ann / Smith);
 * the patient can correct both in their profile.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/);
  const lastName = words.pop() ?? '';
  return { firstName: words.join(' '), lastName };
}
