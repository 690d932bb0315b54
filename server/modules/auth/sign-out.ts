import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from './request-context';
import { revokeToken } from './token-service';

/** LogoutSfrw: the caller's token stops working (on every server process), and it is audited. */
export async function signOut(db: DbOrTx, context: RequestContext): Promise<void> {
  const { principal } = context;
  if (principal.kind === 'anonymous') return;
  await revokeToken(db, principal.tokenId);
  await writeAudit(db, context, { action: 'auth.sign-out', outcome: 'success' });
}
