import { eq, sql } from 'drizzle-orm';
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
  staffLockMinutes: 30,
  patientLockMinutes: 5,
} as const;

export function isLocked(user: UserRow, now = new Date()): boolean {
  return user.lockedUntil !== null && user.lockedUntil.getTime() > now.getTime();
}

export function lockMinutesFor(user: UserRow): number {
  return isStaff(user.role) ? lockout.staffLockMinutes : lockout.patientLockMinutes;
}

export function accountLockedMessage(minutes: number): string {
  return `Too many unsuccessful sign-in attempts. Please try again in ${minutes} minutes, or sign in with a one-time passcode.`;
}

/** Counts a failure; the tenth in a row locks the account and starts the count again. */
export async function registerFailedLogin(db: DbOrTx, user: UserRow): Promise<void> {
  const minutes = lockMinutesFor(user);
  await db
    .update(users)
    .set({
      failedLogins: sql`case when ${users.failedLogins} + 1 >= ${lockout.maxFailures} then 0 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${lockout.maxFailures} then now() + make_interval(mins => ${minutes}) else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, user.id));
}
