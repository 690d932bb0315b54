import { eq } from 'drizzle-orm';
import type { TokenData } from '../../../shared/contracts/auth';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { writeAudit } from '../audit/audit-service';
import { claimGuestOrder } from '../guest-orders/claim-guest-order';
import type { UserRow } from '../users/user-queries';
import { clearedFailures } from './lockout';
import type { RequestContext } from './request-context';
import { issueToken } from './token-service';

export type SignInMethod = 'password' | 'passcode' | 'registration' | 'password-reset';

/** What a sign-in form says of its client (spec §7): its IP as it sees it, and GA. */
export interface ClientReport {
  clientIp: string | null;
  ga: string | null;
}

/**
 * The end of every successful sign-in path: a new token, the failure counter reset, the
 * guest's order moved into the account (when its id is given), and an audit entry. Callers run it inside the transaction that did the rest of their work.
 */
export async function completeSignIn(
  db: DbOrTx,
  context: RequestContext,
  user: UserRow,
  method: SignInMethod,
  options: { guestOrderId?: string | null; guid?: string | null; reported?: ClientReport } = {},
): Promise<TokenData> {
  const issued = await issueToken(db, {
    kind: 'user',
    userId: user.id,
    role: user.role,
    ip: context.ip,
  });
  // The password attempt was counted before it was checked: a success clears the counts.
  await db.update(users).set(clearedFailures).where(eq(users.id, user.id));
  if (user.role === 'patient') {
    await claimGuestOrder(db, user.id, {
      orderId: options.guestOrderId ?? null,
      guid: options.guid ?? null,
      guestTokenId: context.principal.kind === 'guest' ? context.principal.tokenId : null,
    });
  }
  await writeAudit(db, context, {
    action: `auth.sign-in.${method}`,
    outcome: 'success',
    actorId: user.id,
    actorRole: user.role,
    subject: user.id,
    // What the client says of itself (spec §7 clientIp, GA): kept, never trusted; the
    // address that counts is the connection's (context.ip, above).
    ...(options.reported?.clientIp || options.reported?.ga
      ? { detail: { reportedClientIp: options.reported.clientIp, ga: options.reported.ga } }
      : {}),
  });
  return {
    access_token: issued.token,
    token_type: 'bearer',
    expires_in: issued.expiresInSeconds,
    userId: user.id,
    userName: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
  };
}
