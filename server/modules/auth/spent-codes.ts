import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginPasscodes, passwordResets, registrationCodes } from '../../db/schema/identity';

/**
 * Sign-in passcodes, registration codes and reset links live 10 minutes to a few hours; their
 * rows (hashes only) are kept a day after they expire, for the audit of a dispute, then
 * deleted. Throttles count in `auth_attempts`, not here, so nothing depends on older rows.
 */
export const spentCodeRetentionMs = 24 * 60 * 60 * 1000;

/** Deletes expired codes and links past the retention; answers how many. Run it from a job. */
export async function deleteSpentCodes(db: DbOrTx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - spentCodeRetentionMs);
  const passcodes = await db
    .delete(loginPasscodes)
    .where(lt(loginPasscodes.expiresAt, before))
    .returning({ id: loginPasscodes.id });
  const registration = await db
    .delete(registrationCodes)
    .where(lt(registrationCodes.expiresAt, before))
    .returning({ id: registrationCodes.id });
  const resets = await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, before))
    .returning({ id: passwordResets.id });
  return passcodes.length + registration.length + resets.length;
}
