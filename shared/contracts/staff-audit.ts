import { z } from 'zod';

/**
 * GET /api/staff/audit (admins): the audit log, newest first, keyset paged on its id. The log
 * is append-only (a trigger refuses UPDATE and DELETE), so there is no write route.
 */

export const MAX_AUDIT_PAGE_SIZE = 100;
export const DEFAULT_AUDIT_PAGE_SIZE = 50;

/** Audit ids are a bigserial: digits, within JavaScript's safe integers. */
const auditId = z.string().regex(/^[0-9]{1,15}$/);
const instant = z.iso.datetime({ offset: true });

export const auditLogQuery = z
  .object({
    actorId: z.string().uuid().optional(),
    /** Matches actions starting with it: `staff.patients` finds search, view and create. */
    action: z.string().min(1).max(100).optional(),
    /** The exact subject (a user id, `order:<id>`, ...). */
    subject: z.string().min(1).max(200).optional(),
    /** From this instant on (inclusive). */
    from: instant.optional(),
    /** Before this instant (exclusive). */
    to: instant.optional(),
    /** The last id of the previous page (its `nextCursor`). */
    cursor: auditId.optional(),
    limit: z.coerce.number().int().min(1).max(MAX_AUDIT_PAGE_SIZE).default(DEFAULT_AUDIT_PAGE_SIZE),
  })
  .strict();
export type AuditLogQuery = z.output<typeof auditLogQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  /** "First Last" of the acting user, when the actor is a user that exists. */
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  subject: z.string().nullable(),
  outcome: z.enum(['success', 'failure', 'denied']),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryData = z.infer<typeof auditEntry>;

export const auditLogData = z.object({
  items: z.array(auditEntry),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: auditId.nullable(),
});
export type AuditLogData = z.infer<typeof auditLogData>;
