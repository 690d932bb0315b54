import { eq } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { storefronts } from '../../db/schema/platform';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { findUserByEmail, isUniqueViolation, type UserRow } from '../users/user-queries';

export type NewUser = typeof users.$inferInsert;

/** Emails are unique without regard to case; they are stored lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** CompanyId names the storefront; an unknown one is bad input, not a foreign-key 500. */
export async function assertStorefrontExists(db: DbOrTx, storefrontId: number): Promise<void> {
  const rows = await db
    .select({ id: storefronts.id })
    .from(storefronts)
    .where(eq(storefronts.id, storefrontId))
    .limit(1);
  if (rows.length === 0)
    throw fail.badRequest(messages.storefrontUnknown, { CompanyId: 'invalid' });
}

/** The spec §8 answer for a taken email, audited as a failed attempt (no address in the log). */
async function emailTaken(db: DbOrTx, context: RequestContext, action: string) {
  await writeAudit(db, context, {
    action,
    outcome: 'failure',
    detail: { reason: 'email-already-registered' },
  });
  return fail.conflict(messages.emailAlreadyRegistered);
}

/**
 * Refuses an email that already has an account before any expensive work (hashing); the
 * unique index still decides a race, see insertUser.
 */
export async function assertEmailFree(
  db: DbOrTx,
  context: RequestContext,
  email: string,
  action: string,
): Promise<void> {
  if (await findUserByEmail(db, email)) throw await emailTaken(db, context, action);
}

/**
 * Runs `work` (which inserts the user) in one transaction; losing the race on the email's
 * unique index answers 409 like the early check does.
 */
export async function inTransactionOrConflict<T>(
  db: Db,
  context: RequestContext,
  action: string,
  work: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw await emailTaken(db, context, action);
    throw error;
  }
}

export async function insertUser(tx: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error('user not stored');
  return row;
}
