import { and, desc, eq } from 'drizzle-orm';
import type { AcceptConsentsRequest, AcceptedConsentsData } from '../../../shared/contracts/config';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { Database, DbOrTx } from '../../db/client';
import { consentAcceptances, consents } from '../../db/schema/platform';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';

function patientOf(context: RequestContext): string {
  const { principal } = context;
  if (principal.kind !== 'user') throw fail.unauthorized();
  return principal.userId;
}

/** The latest version of each storefront consent the user accepted, with when. */
async function acceptedBy(
  db: DbOrTx,
  userId: string,
  storefrontId: number,
): Promise<AcceptedConsentsData> {
  const rows = await db
    .select({
      consentId: consentAcceptances.consentId,
      version: consentAcceptances.version,
      acceptedAt: consentAcceptances.acceptedAt,
    })
    .from(consentAcceptances)
    .innerJoin(consents, eq(consents.id, consentAcceptances.consentId))
    .where(and(eq(consentAcceptances.userId, userId), eq(consents.storefrontId, storefrontId)))
    .orderBy(desc(consentAcceptances.version));
  const latest = new Map<string, AcceptedConsentsData[number]>();
  for (const row of rows) {
    if (!latest.has(row.consentId)) {
      latest.set(row.consentId, { ...row, acceptedAt: row.acceptedAt.toISOString() });
    }
  }
  return [...latest.values()];
}

export function acceptedConsents(
  database: Database,
  context: RequestContext,
  storefrontId: number,
): Promise<AcceptedConsentsData> {
  return acceptedBy(database.db, patientOf(context), storefrontId);
}

/**
 * POST v1/consents/accept: keeps that the patient accepted these consents, at the versions
 * they read, when and from where. A version that is no longer the current one is refused
 * (409): the text changed and must be read again. Accepting again changes nothing.
 */
export function acceptConsents(
  database: Database,
  context: RequestContext,
  input: AcceptConsentsRequest,
): Promise<AcceptedConsentsData> {
  const userId = patientOf(context);
  return database.db.transaction(async (tx) => {
    const current = await tx
      .select()
      .from(consents)
      .where(eq(consents.storefrontId, input.StorefrontId));
    for (const accepted of input.consents) {
      const consent = current.find((c) => c.id === accepted.consentId);
      if (!consent) throw fail.notFound();
      if (consent.version !== accepted.version) throw fail.conflict(messages.consentChanged);
    }
    await tx
      .insert(consentAcceptances)
      .values(
        input.consents.map((c) => ({
          userId,
          consentId: c.consentId,
          version: c.version,
          ip: context.ip,
        })),
      )
      .onConflictDoNothing();
    await writeAudit(tx, context, {
      action: 'consents.accepted',
      outcome: 'success',
      subject: userId,
      detail: { consents: input.consents.map((c) => `${c.consentId}@${c.version}`) },
    });
    return acceptedBy(tx, userId, input.StorefrontId);
  });
}
