import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import type { UserRow } from '../users/user-queries';
import { isStaff } from './principal';

/**
 * Account lock-out (SECURITY "Throttling and lock-out"): staff, who can reach card data, are
 * locked for 30 minutes after 10 failures (PCI DSS 8.3.4); patients only for 5 minutes, so an
 * attacker cannot keep a patient out for long (they can still use a one-time passcode).
 */
export const lockout = {
  maxFailures: 10,
  /** Consecutive failures (across locks) after which only a passcode or a reset lets in. */
  maxConsecutiveFailures: 100,
  staffLockMinutes: 30,
  patientLockMinutes: 5,
} as const;

export function lockMinutesFor(user: UserRow): number {
  return isStaff(user.role) ? lockout.staffLockMinutes : lockout.patientLockMinutes;
}

export function accountLockedMessage(minutes: number): string {
  return `Too many unsuccessful sign-in attempts. Please try again in ${minutes} minutes, or sign in with a one-time passcode.`;
}

export function passwordBlockedMessage(): string {
  return 'Too many unsuccessful sign-in attempts. Please reset your password, or sign in with a one-time passcode.';
}

/**
 * Takes one password attempt for the account, atomically and before the password is checked
 * (as the passcode path does): counted as a failure until the sign-in succeeds, so hundreds of
 * parallel guesses cannot all run before the lock. The tenth in a row locks the account (and
 * starts the count again); none is taken while it is locked or after 100 in a row. Returns
 * whether the attempt may go on.
 */
export async function takePasswordAttempt(db: DbOrTx, user: UserRow): Promise<boolean> {
  const minutes = lockMinutesFor(user);
  const reachesMax = sql`${users.failedLogins} + 1 >= ${lockout.maxFailures}`;
  const [taken] = await db
    .update(users)
    .set({
      failedLogins: sql`case when ${reachesMax} then 0 else ${users.failedLogins} + 1 end`,
      consecutiveFailures: sql`${users.consecutiveFailures} + 1`,
      lockedUntil: sql`case when ${reachesMax} then now() + make_interval(mins => ${minutes}) else ${users.lockedUntil} end`,
    })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`)),
        lt(users.consecutiveFailures, lockout.maxConsecutiveFailures),
      ),
    )
    .returning({ id: users.id });
  return taken !== undefined;
}

/** Why no attempt could be taken: the lock's message, or the 100-failure block's. */
export async function refusedAttemptMessage(db: DbOrTx, user: UserRow): Promise<string> {
  const [now] = await db
    .select({ consecutive: users.consecutiveFailures })
    .from(users)
    .where(eq(users.id, user.id));
  return (now?.consecutive ?? 0) >= lockout.maxConsecutiveFailures
    ? passwordBlockedMessage()
    : accountLockedMessage(lockMinutesFor(user));
}

/** A successful sign-in (password or passcode) or a password reset clears every count. */
export const clearedFailures = { failedLogins: 0, consecutiveFailures: 0, lockedUntil: null };
