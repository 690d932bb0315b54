import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditLogData, AuditLogQuery } from '../../../shared/contracts/staff-audit';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { auditLog } from '../../db/schema/platform';
import type { RequestContext } from '../auth/request-context';
import { writeAudit } from './audit-service';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The audit log for admins, newest first, keyset paged on the id (a bigserial, so newest is
 * highest): no OFFSET, no count. An actor filter walks audit_log_actor_idx (actor_id, id), a
 * time range audit_log_at_idx; the action is a prefix match.
 */
export async function readAuditLog(db: DbOrTx, query: AuditLogQuery): Promise<AuditLogData> {
  const conditions: SQL[] = [];
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  if (query.action) {
    conditions.push(sql`${auditLog.action} like ${`${escapeLike(query.action)}%`}`);
  }
  if (query.subject) conditions.push(eq(auditLog.subject, query.subject));
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(query.to)));
  if (query.cursor) conditions.push(lt(auditLog.id, Number(query.cursor)));

  const rows = await db
    .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ entry, firstName, lastName }) => ({
      id: String(entry.id),
      at: entry.at.toISOString(),
      actorId: entry.actorId,
      actorName: firstName !== null && lastName !== null ? `${firstName} ${lastName}` : null,
      actorRole: entry.actorRole,
      action: entry.action,
      subject: entry.subject,
      outcome: entry.outcome,
      ip: entry.ip,
      requestId: entry.requestId,
      detail: entry.detail,
    })),
    nextCursor: rows.length > query.limit && last ? String(last.entry.id) : null,
  };
}

/** GET staff/audit for an admin: the page asked for, the reading itself recorded with its filters. */
export async function auditLogForAdmin(
  db: DbOrTx,
  context: RequestContext,
  query: AuditLogQuery,
): Promise<AuditLogData> {
  const page = await readAuditLog(db, query);
  const { limit: _limit, cursor, ...filters } = query;
  await writeAudit(db, context, {
    action: 'staff.audit.read',
    outcome: 'success',
    detail: { filters: Object.keys(filters), nextPage: cursor !== undefined },
  });
  return page;
}
