import { fail } from '../../../shared/errors/app-error';
import type { Db } from '../../db/client';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { revokeOtherTokensOfUser } from '../auth/token-service';

/**
 * POST User/SignOutOtherDevices (ours): every session of the account ends but the caller's,
 * everywhere at once (a lost phone, a shared computer). Answers how many ended.
 */
export async function signOutOtherDevices(
  db: Db,
  context: RequestContext,
): Promise<{ signedOut: number }> {
  const { principal } = context;
  if (principal.kind !== 'user') throw fail.unauthorized();
  return db.transaction(async (tx) => {
    const signedOut = await revokeOtherTokensOfUser(tx, principal.userId, principal.tokenId);
    await writeAudit(tx, context, {
      action: 'auth.sign-out.other-devices',
      outcome: 'success',
      subject: principal.userId,
      detail: { signedOut },
    });
    return { signedOut };
  });
}
