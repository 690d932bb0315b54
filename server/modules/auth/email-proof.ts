import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { writeAudit } from '../audit/audit-service';
import type { UserRow } from '../users/user-queries';
import type { RequestContext } from './request-context';
import { revokeAllTokensOfUser } from './token-service';

/**
 * The account's owner proved the email (a passcode or a link that went to it). The first time,
 * whatever was set up before by whoever registered the address is undone: every session ends
 * and the password set at registration stops working (pre-account hijacking: someone may have
 * registered the address first). Call it in the transaction of the sign-in, before its token
 * is issued. Later proofs change nothing. Returns whether this was the first.
 */
export async function proveEmail(
  tx: DbOrTx,
  context: RequestContext,
  user: UserRow,
): Promise<boolean> {
  const [proven] = await tx
    .update(users)
    .set({
      emailVerifiedAt: sql`now()`,
      passwordHash: null,
      passwordUpdatedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  if (!proven) return false;
  await revokeAllTokensOfUser(tx, user.id);
  await writeAudit(tx, context, {
    action: 'auth.email-proven',
    outcome: 'success',
    actorId: user.id,
    actorRole: user.role,
    subject: user.id,
    detail: { passwordCleared: user.passwordHash !== null },
  });
  return true;
}
