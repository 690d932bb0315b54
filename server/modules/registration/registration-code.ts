import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { registrationCodes } from '../../db/schema/identity';
import type { AppDeps } from '../../deps';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { newPasscode } from '../../lib/secrets';
import { anHourAgo, assertMaySendCode, passcodeRules } from '../auth/passcode-service';
import type { RequestContext } from '../auth/request-context';
import { assertIpNotThrottled, countAccountAttempts, recordAttempt } from '../auth/throttle';
import { assertEmailFree, assertStorefrontExists, normalizeEmail } from './new-patient';

/**
 * Registration proves the email before the account exists (issue 16, pre-account hijacking):
 * the form asks for a code sent to the address, so an account is never made, and never holds a
 * card, an address or health data, for an email its maker cannot read. The code follows the
 * sign-in passcode's rules (6 digits, hashed, 10 minutes, single use, 5 tries, a resend wait and
 * an hourly cap per address).
 */
export async function sendRegistrationCode(
  { database, notifier, config }: AppDeps,
  context: RequestContext,
  input: { email: string; storefrontId: number; action: string },
): Promise<{ resendAfterSeconds: number }> {
  const { db } = database;
  const email = normalizeEmail(input.email);
  await assertIpNotThrottled(db, config.ipLimits, 'registration-code', context.ip);
  await assertStorefrontExists(db, input.storefrontId);
  await assertEmailFree(db, context, email, input.action);

  const [last] = await db
    .select({ createdAt: registrationCodes.createdAt })
    .from(registrationCodes)
    .where(eq(registrationCodes.email, email))
    .orderBy(desc(registrationCodes.createdAt))
    .limit(1);
  assertMaySendCode(
    last?.createdAt,
    await countAccountAttempts(db, 'registration-code', email, anHourAgo()),
  );

  const code = newPasscode();
  const codeHash = await hashPassword(code);
  await db.transaction(async (tx) => {
    // A new code replaces any earlier one still open.
    await tx
      .update(registrationCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(registrationCodes.email, email), isNull(registrationCodes.usedAt)));
    await tx.insert(registrationCodes).values({
      email,
      codeHash,
      ip: context.ip,
      expiresAt: new Date(Date.now() + passcodeRules.validMinutes * 60 * 1000),
    });
    await recordAttempt(tx, {
      method: 'registration-code',
      ip: context.ip,
      account: email,
      success: true,
    });
  });

  try {
    await notifier.send({
      channel: 'email',
      to: email,
      subject: 'Your code to create an account',
      body: `Your code to create an account is ${code}. It expires in ${passcodeRules.validMinutes} minutes. If you did not ask for it, ignore this message: no account is made without it.`,
    });
  } catch {
    throw fail.unavailable(messages.otpEmailSendError);
  }
  return { resendAfterSeconds: passcodeRules.resendAfterSeconds };
}

/**
 * Checks a registration code. The try is counted atomically before the code is compared (so
 * parallel guesses cannot pass five); answers the code's id, which `takeRegistrationCode`
 * spends in the transaction that makes the account.
 */
export async function checkRegistrationCode(
  { database, config }: AppDeps,
  context: RequestContext,
  input: { email: string; code: string },
): Promise<string> {
  const { db } = database;
  const email = normalizeEmail(input.email);
  await assertIpNotThrottled(db, config.ipLimits, 'registration-code-use', context.ip);
  const [attempt] = await db
    .update(registrationCodes)
    .set({ failedAttempts: sql`${registrationCodes.failedAttempts} + 1` })
    .where(
      and(
        eq(registrationCodes.email, email),
        isNull(registrationCodes.usedAt),
        gt(registrationCodes.expiresAt, sql`now()`),
        lt(registrationCodes.failedAttempts, passcodeRules.maxTries),
      ),
    )
    .returning({ id: registrationCodes.id, codeHash: registrationCodes.codeHash });
  if (!attempt || !(await verifyPassword(attempt.codeHash, input.code))) {
    await recordAttempt(db, {
      method: 'registration-code-use',
      ip: context.ip,
      account: email,
      success: false,
    });
    throw fail.badRequest(messages.invalidEmailCode, { EmailCode: 'emailCodeError' });
  }
  return attempt.id;
}

/** Spends a checked code; false when another request took it first. */
export async function takeRegistrationCode(tx: DbOrTx, codeId: string): Promise<boolean> {
  const [taken] = await tx
    .update(registrationCodes)
    .set({ usedAt: sql`now()`, failedAttempts: sql`${registrationCodes.failedAttempts} - 1` })
    .where(and(eq(registrationCodes.id, codeId), isNull(registrationCodes.usedAt)))
    .returning({ id: registrationCodes.id });
  return Boolean(taken);
}
