import { and, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserInfoData, updateUserInfoRequest } from '../../../shared/contracts/profile';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { users } from '../../db/schema/identity';
import { auditLog } from '../../db/schema/platform';
import type { AppDeps } from '../../deps';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { revokeAllTokensOfUser } from '../auth/token-service';
import { passwordChangedEmail } from '../password-reset/emails';
import { findUserById, type UserRow } from '../users/user-queries';

type UpdateUserInfo = z.output<typeof updateUserInfoRequest>;

/**
 * Wrong current passwords per account before UpdatePassword answers 429 for a while: a stolen
 * session must not become a way to guess the password. Counted from the audit log, which every
 * server process shares.
 */
export const passwordChangeLimits = { maxFailures: 5, windowMinutes: 15 } as const;

const passwordChangeAction = 'profile.password-changed';

function toUserInfo(user: UserRow): UserInfoData {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    role: user.role,
    storefrontId: user.storefrontId,
  };
}

async function ownRecord({ database }: AppDeps, userId: string): Promise<UserRow> {
  const user = await findUserById(database.db, userId);
  // The token was valid a moment ago; an account gone since is simply not found.
  if (!user) throw fail.notFound();
  return user;
}

export async function getUserInfo(deps: AppDeps, userId: string): Promise<UserInfoData> {
  return toUserInfo(await ownRecord(deps, userId));
}

/** Changes the given fields of the caller's own record; the contract has no email, role or storefront. */
export async function updateUserInfo(
  { database }: AppDeps,
  context: RequestContext,
  userId: string,
  input: UpdateUserInfo,
): Promise<UserInfoData> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.phone !== undefined) changes.phone = input.phone;
  // An empty date of birth means "not given" (the shared rule), so it leaves the value alone.
  if (input.dateOfBirth) changes.dateOfBirth = input.dateOfBirth;
  const fields = Object.keys(changes);

  const updated = await database.db.transaction(async (tx) => {
    const [row] = fields.length
      ? await tx
          .update(users)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning()
      : await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row) return null;
    if (fields.length) {
      // Which fields changed, not their values: the audit log holds no more patient data than it needs.
      await writeAudit(tx, context, {
        action: 'profile.updated',
        outcome: 'success',
        subject: userId,
        detail: { fields },
      });
    }
    return row;
  });
  if (!updated) throw fail.notFound();
  return toUserInfo(updated);
}

async function recentPasswordChangeFailures({ database }: AppDeps, userId: string) {
  const [row] = await database.db
    .select({ failures: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, userId),
        eq(auditLog.action, passwordChangeAction),
        eq(auditLog.outcome, 'failure'),
        gt(auditLog.at, sql`now() - make_interval(mins => ${passwordChangeLimits.windowMinutes})`),
      ),
    );
  return row?.failures ?? 0;
}

/**
 * Changes the password of a signed-in user who proves they know the current one. Every session
 * of the account ends, the current one included: the client signs in again.
 */
export async function updatePassword(
  deps: AppDeps,
  context: RequestContext,
  userId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { database, notifier } = deps;
  if ((await recentPasswordChangeFailures(deps, userId)) >= passwordChangeLimits.maxFailures) {
    throw fail.tooManyRequests();
  }
  const user = await ownRecord(deps, userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await writeAudit(database.db, context, {
      action: passwordChangeAction,
      outcome: 'failure',
      subject: userId,
      detail: { reason: 'wrong-current-password' },
    });
    throw fail.badRequest(messages.currentPasswordIncorrect, {
      currentPassword: 'currentPasswordError',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);

  await database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordUpdatedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeAllTokensOfUser(tx, userId);
    await writeAudit(tx, context, {
      action: passwordChangeAction,
      outcome: 'success',
      subject: userId,
    });
  });

  try {
    await notifier.send({ channel: 'email', to: user.email, ...passwordChangedEmail() });
  } catch (error) {
    // The password is changed already; a failed notice must not make the change look failed.
    context.log?.warn({ err: error }, 'password-changed email not delivered');
  }
}

export async function passwordLastUpdated(deps: AppDeps, userId: string) {
  const user = await ownRecord(deps, userId);
  return { passwordLastUpdated: user.passwordUpdatedAt?.toISOString() ?? null };
}
