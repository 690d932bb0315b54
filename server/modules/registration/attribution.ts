import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessionGuids } from '../../db/schema/platform';

export interface Attribution {
  landingPage: string | null;
  redirectPage: string | null;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The pages a registration came from: what the request names, else what the session GUID of
 * the session-initialisation call recorded (spec §7). A GUID that is not a UUID is ignored
 * rather than sent to a uuid column, where it would fail the query.
 */
export async function resolveAttribution(
  db: DbOrTx,
  input: {
    landingPage?: string | undefined;
    redirectPage?: string | undefined;
    GUID?: string | undefined;
  },
): Promise<Attribution> {
  const given: Attribution = {
    landingPage: input.landingPage || null,
    redirectPage: input.redirectPage || null,
  };
  if (given.landingPage || !input.GUID || !UUID_PATTERN.test(input.GUID)) return given;
  const rows = await db
    .select({ landingPage: sessionGuids.landingPage, redirectPage: sessionGuids.redirectPage })
    .from(sessionGuids)
    .where(eq(sessionGuids.guid, input.GUID))
    .limit(1);
  const session = rows[0];
  if (!session) return given;
  return {
    landingPage: session.landingPage,
    redirectPage: given.redirectPage ?? session.redirectPage,
  };
}
