import type { SessionInitRequest } from '../../../shared/contracts/session';
import type { DbOrTx } from '../../db/client';
import { sessionGuids } from '../../db/schema/platform';

/** Records where a first visit landed and hands back the new session GUID (spec §7). */
export async function createSessionGuid(
  db: DbOrTx,
  queryString: SessionInitRequest['queryString'],
  ip: string,
): Promise<string> {
  const [row] = await db
    .insert(sessionGuids)
    .values({
      landingPage: queryString.LandingPage,
      redirectPage: queryString.RedirectPage ?? null,
      ip,
    })
    .returning({ guid: sessionGuids.guid });
  if (!row) throw new Error('session_guids insert returned no row');
  return row.guid;
}
