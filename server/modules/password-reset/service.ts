import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { linkRoutes, linkTo } from '../../../shared/checkout/routes';
import { fail } from '../../../shared/errors/app-error';
import { validationMessages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { passwordResets, users } from '../../db/schema/identity';
import type { AppDeps } from '../../deps';
import { hashPassword } from '../../lib/passwords';
import { newToken, sha256 } from '../../lib/secrets';
import { writeAudit } from '../audit/audit-service';
import { clearedFailures } from '../auth/lockout';
import type { RequestContext } from '../auth/request-context';
import { assertIpNotThrottled, recordAttempt } from '../auth/throttle';
import { revokeAllTokensOfUser } from '../auth/token-service';
import { findUserByEmail, findUserById } from '../users/user-queries';
import { passwordChangedEmail, resetLinkEmail } from './emails';

/** Reset links (SECURITY "One-time passcodes and reset links"). */
export const resetLimits = {
  lifetimeSeconds: 60 * 60,
  /** At most one email per account in this window... */
  minSecondsBetweenEmails: 60,
  /** ...and this many per hour. */
  maxEmailsPerHour: 5,
} as const;

/**
 * Starts a reset for an email. Whatever happens (unknown email, disabled account, throttled,
 * mail server down) the caller gets the same answer, so nothing here may throw for those; only
 * the per-IP limit answers 429, and it does not depend on the account.
 */
export async function requestPasswordReset(
  { config, database, notifier }: AppDeps,
  context: RequestContext,
  email: string,
): Promise<void> {
  const { db } = database;
  // Every request counts against the IP, known email or not, so the limit reveals nothing
  // about accounts while it stops one client from mailing a whole list of addresses.
  await assertIpNotThrottled(db, config.ipLimits, 'reset', context.ip);
  await recordAttempt(db, { method: 'reset', ip: context.ip, account: email, success: true });
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt) {
    await writeAudit(db, context, {
      action: 'auth.password-reset.requested',
      outcome: 'failure',
      detail: { reason: user ? 'disabled' : 'unknown-email' },
    });
    return;
  }

  const token = newToken();
  // The throttle check and the insert run under a lock on the user row, so two concurrent
  // requests cannot both pass the check.
  const sent = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [recent] = await tx
      .select({
        lastMinute:
          sql<number>`count(*) filter (where ${passwordResets.createdAt} > now() - make_interval(secs => ${resetLimits.minSecondsBetweenEmails}))`.mapWith(
            Number,
          ),
        lastHour: sql<number>`count(*)`.mapWith(Number),
      })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, user.id),
          gt(passwordResets.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    const throttled =
      (recent?.lastMinute ?? 0) > 0 || (recent?.lastHour ?? 0) >= resetLimits.maxEmailsPerHour;
    if (!throttled) {
      await tx.insert(passwordResets).values({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + resetLimits.lifetimeSeconds * 1000),
      });
    }
    await writeAudit(tx, context, {
      action: 'auth.password-reset.requested',
      outcome: throttled ? 'denied' : 'success',
      subject: user.id,
      detail: throttled ? { reason: 'throttled' } : undefined,
    });
    return !throttled;
  });
  if (!sent) return;

  const link = linkTo(
    config.publicUrl,
    `${linkRoutes.resetPassword}?token=${encodeURIComponent(token)}`,
  );
  try {
    await notifier.send({ channel: 'email', to: user.email, ...resetLinkEmail(link) });
  } catch (error) {
    // The outbox row keeps the error; answering differently would tell that the account exists.
    context.log?.warn({ err: error }, 'reset email not delivered');
  }
}

/**
 * Sets a new password from a reset link: single use, unexpired, and every session of the
 * account is ended. The user is not signed in; they sign in with the new password.
 */
export async function resetPassword(
  { database, notifier, config }: AppDeps,
  context: RequestContext,
  input: { token: string; password: string },
): Promise<void> {
  const { db } = database;
  await assertIpNotThrottled(db, config.ipLimits, 'reset-use', context.ip);
  const tokenHash = sha256(input.token);
  // The link is checked before argon2 runs (a wrong link costs us nothing), and taken again
  // below in one statement, so that two racing requests cannot both use it.
  const [usable] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  if (!usable) throw await refusedReset(db, context);
  // Hashing is slow on purpose: done before the transaction so no lock waits on it.
  const passwordHash = await hashPassword(input.password);

  const user = await db.transaction(async (tx) => {
    // Taking the link and checking it is one statement, so it can be used only once even
    // when two requests race.
    const [taken] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    const owner = taken ? await findUserById(tx, taken.userId) : null;
    if (!owner || owner.disabledAt) return null;

    // The other links sent to this account stop working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, owner.id), isNull(passwordResets.usedAt)));
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordUpdatedAt: sql`now()`,
        // The link went to the address: its owner set this password (every session ended).
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        ...clearedFailures,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, owner.id));
    await revokeAllTokensOfUser(tx, owner.id);
    await writeAudit(tx, context, {
      action: 'auth.password-reset',
      outcome: 'success',
      actorId: owner.id,
      actorRole: owner.role,
      subject: owner.id,
    });
    return owner;
  });

  if (!user) throw await refusedReset(db, context);

  try {
    await notifier.send({ channel: 'email', to: user.email, ...passwordChangedEmail() });
  } catch (error) {
    // The password is changed already; a failed notice must not make the reset look failed.
    context.log?.warn({ err: error }, 'password-changed email not delivered');
  }
}

/** A reset link that is unknown, used or expired: counted per IP, audited, answered alike. */
async function refusedReset(db: DbOrTx, context: RequestContext) {
  await recordAttempt(db, { method: 'reset-use', ip: context.ip, account: null, success: false });
  await writeAudit(db, context, { action: 'auth.password-reset', outcome: 'failure' });
  return fail.badRequest(validationMessages.resetTokenError, { token: 'resetTokenError' });
}
