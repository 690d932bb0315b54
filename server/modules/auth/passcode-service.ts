import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { TokenData } from '../../../shared/contracts/auth';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { OtpChannel } from '../../../shared/validation/account-checks';
import { loginPasscodes } from '../../db/schema/identity';
import type { AppDeps } from '../../deps';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { newPasscode } from '../../lib/secrets';
import { writeAudit } from '../audit/audit-service';
import { findUserByEmail } from '../users/user-queries';
import { proveEmail } from './email-proof';
import type { RequestContext } from './request-context';
import { type ClientReport, completeSignIn } from './sign-in';
import { assertIpNotThrottled, countAccountAttempts, recordAttempt } from './throttle';

/** One-time passcodes (spec §9, SECURITY): 6 digits, hashed, 10 minutes, single use, 5 tries. */
export const passcodeRules = {
  validMinutes: 10,
  maxTries: 5,
  resendAfterSeconds: 30,
  maxSendsPerHour: 5,
} as const;

export function waitBeforeResendMessage(seconds: number): string {
  return `Please wait ${seconds} seconds before requesting a new passcode.`;
}

export const tooManyPasscodesMessage =
  'Too many passcodes were requested for this account. Please try again in an hour or sign in with your password.';

/**
 * The send rules of every code we mail (sign-in passcodes, registration codes): 30 seconds
 * after the last one, and 5 an hour for one address. `lastSentAt` is the newest code's.
 */
export function assertMaySendCode(lastSentAt: Date | undefined, sentInLastHour: number): void {
  const waitSeconds = Math.ceil(
    ((lastSentAt?.getTime() ?? 0) + passcodeRules.resendAfterSeconds * 1000 - Date.now()) / 1000,
  );
  if (waitSeconds > 0) throw fail.tooManyRequests(waitBeforeResendMessage(waitSeconds));
  if (sentInLastHour >= passcodeRules.maxSendsPerHour) {
    throw fail.tooManyRequests(tooManyPasscodesMessage);
  }
}

/** An hour before now: the window of `assertMaySendCode`'s hourly cap. */
export const anHourAgo = () => new Date(Date.now() - 60 * 60 * 1000);

export async function sendLoginPasscode(
  { database, notifier, config }: AppDeps,
  context: RequestContext,
  input: { email: string; channels: OtpChannel[]; storefrontId: number },
): Promise<{ channels: OtpChannel[]; resendAfterSeconds: number }> {
  const { db } = database;
  await assertIpNotThrottled(db, config.ipLimits, 'passcode-send', context.ip);
  const user = await findUserByEmail(db, input.email);
  if (!user || user.disabledAt || user.storefrontId !== input.storefrontId) {
    await recordAttempt(db, {
      method: 'passcode-send',
      ip: context.ip,
      account: input.email,
      success: false,
    });
    throw fail.badRequest(messages.unknownEmail);
  }
  if (input.channels.includes('sms') && !user.phone) {
    throw fail.badRequest(messages.otpSmsSendError);
  }

  const last = await db
    .select({ createdAt: loginPasscodes.createdAt })
    .from(loginPasscodes)
    .where(eq(loginPasscodes.userId, user.id))
    .orderBy(desc(loginPasscodes.createdAt))
    .limit(1);
  assertMaySendCode(
    last[0]?.createdAt,
    await countAccountAttempts(db, 'passcode-send', input.email, anHourAgo()),
  );

  const code = newPasscode();
  const codeHash = await hashPassword(code);
  await db.transaction(async (tx) => {
    // A new passcode replaces any earlier one still open.
    await tx
      .update(loginPasscodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(loginPasscodes.userId, user.id), isNull(loginPasscodes.usedAt)));
    await tx.insert(loginPasscodes).values({
      userId: user.id,
      codeHash,
      channels: input.channels.join(','),
      ip: context.ip,
      expiresAt: new Date(Date.now() + passcodeRules.validMinutes * 60 * 1000),
    });
    await recordAttempt(tx, {
      method: 'passcode-send',
      ip: context.ip,
      account: input.email,
      success: true,
    });
    await writeAudit(tx, context, {
      action: 'auth.passcode.sent',
      outcome: 'success',
      actorId: user.id,
      actorRole: user.role,
      subject: user.id,
      detail: { channels: input.channels },
    });
  });

  const text = `Your sign-in passcode is ${code}. It expires in ${passcodeRules.validMinutes} minutes. If you did not ask for it, ignore this message.`;
  for (const channel of input.channels) {
    try {
      await notifier.send(
        channel === 'email'
          ? { channel, to: user.email, subject: 'Your sign-in passcode', body: text }
          : { channel, to: user.phone ?? '', subject: 'Passcode', body: text },
      );
    } catch {
      throw fail.unavailable(
        channel === 'email' ? messages.otpEmailSendError : messages.otpSmsSendError,
      );
    }
  }
  return { channels: input.channels, resendAfterSeconds: passcodeRules.resendAfterSeconds };
}

/**
 * Checks a passcode. Each try is counted atomically before the code is compared, so parallel
 * guesses cannot exceed five; the right code is taken by one request only.
 */
export async function verifyLoginPasscode(
  { database, config }: AppDeps,
  context: RequestContext,
  input: {
    email: string;
    code: string;
    storefrontId: number;
    guestOrderId: string | null;
    guid?: string | null;
    reported?: ClientReport;
  },
): Promise<{ token: TokenData; userId: string }> {
  const { db } = database;
  await assertIpNotThrottled(db, config.ipLimits, 'passcode', context.ip);
  const invalid = async (userId: string | null) => {
    await recordAttempt(db, {
      method: 'passcode',
      ip: context.ip,
      account: input.email,
      success: false,
    });
    await writeAudit(db, context, {
      action: 'auth.sign-in.passcode',
      outcome: 'failure',
      actorId: userId,
      subject: userId,
    });
    return fail.badRequest(messages.invalidPasscode, { code: 'passcodeError' });
  };
  const user = await findUserByEmail(db, input.email);
  if (!user || user.disabledAt || user.storefrontId !== input.storefrontId)
    throw await invalid(null);

  const [attempt] = await db
    .update(loginPasscodes)
    .set({ failedAttempts: sql`${loginPasscodes.failedAttempts} + 1` })
    .where(
      and(
        eq(loginPasscodes.userId, user.id),
        isNull(loginPasscodes.usedAt),
        gt(loginPasscodes.expiresAt, sql`now()`),
        lt(loginPasscodes.failedAttempts, passcodeRules.maxTries),
      ),
    )
    .returning({
      id: loginPasscodes.id,
      codeHash: loginPasscodes.codeHash,
      channels: loginPasscodes.channels,
    });
  if (!attempt || !(await verifyPassword(attempt.codeHash, input.code)))
    throw await invalid(user.id);

  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(loginPasscodes)
      .set({ usedAt: sql`now()`, failedAttempts: sql`${loginPasscodes.failedAttempts} - 1` })
      .where(and(eq(loginPasscodes.id, attempt.id), isNull(loginPasscodes.usedAt)))
      .returning({ id: loginPasscodes.id });
    if (!taken) throw fail.badRequest(messages.invalidPasscode, { code: 'passcodeError' });
    await recordAttempt(tx, {
      method: 'passcode',
      ip: context.ip,
      account: input.email,
      success: true,
    });
    // A code sent to the email proves it (a code by text proves a phone that whoever made the
    // account may have chosen).
    if (attempt.channels.split(',').includes('email')) await proveEmail(tx, context, user);
    const token = await completeSignIn(tx, context, user, 'passcode', {
      guestOrderId: input.guestOrderId,
      guid: input.guid ?? null,
      ...(input.reported ? { reported: input.reported } : {}),
    });
    return { token, userId: user.id };
  });
}
