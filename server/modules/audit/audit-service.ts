import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/platform';
import { contextOf, type RequestContext } from '../auth/request-context';

export interface AuditEntry {
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  subject?: string | null;
  actorId?: string | null;
  actorRole?: string | null;
  detail?: Record<string, unknown>;
}

/** Control characters (newlines included) are escaped so that a log line cannot be forged. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: escaping them is the point
const controlCharacters = /[\u0000-\u001f\u007f]/g;

export function escapeControl(value: string): string {
  return value.replace(
    controlCharacters,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return escapeControl(value).slice(0, 500);
  if (Array.isArray(value)) return value.slice(0, 20).map(clean);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [escapeControl(k), clean(v)]));
  }
  return value;
}

/**
 * Appends one event (who, what, when, from where). Tokens, passcodes and passwords never go in.
 * Takes the service's request context (or, from older route code, the Fastify request).
 */
export async function writeAudit(
  db: DbOrTx,
  source: RequestContext | FastifyRequest,
  entry: AuditEntry,
) {
  const context = 'requestId' in source ? source : contextOf(source);
  const principal = context.principal;
  const actorId = entry.actorId ?? (principal?.kind === 'user' ? principal.userId : null);
  const actorRole =
    entry.actorRole ??
    (principal?.kind === 'user'
      ? principal.role
      : context.job
        ? 'system'
        : (principal?.kind ?? 'anonymous'));
  await db.insert(auditLog).values({
    action: escapeControl(entry.action),
    outcome: entry.outcome,
    subject: entry.subject ? escapeControl(entry.subject) : null,
    actorId,
    actorRole,
    ip: context.ip,
    requestId: context.requestId,
    detail: auditDetail(entry, context.job),
  });
}

function auditDetail(entry: AuditEntry, job: string | undefined) {
  const detail = job ? { ...entry.detail, job } : entry.detail;
  return detail ? (clean(detail) as Record<string, unknown>) : null;
}

/**
 * The same, for events with no request behind them (commands such as admin:create, jobs):
 * no IP or request id; the actor role defaults to 'system'.
 */
export async function writeSystemAudit(db: DbOrTx, entry: AuditEntry) {
  await db.insert(auditLog).values({
    action: escapeControl(entry.action),
    outcome: entry.outcome,
    subject: entry.subject ? escapeControl(entry.subject) : null,
    actorId: entry.actorId ?? null,
    actorRole: entry.actorRole ?? 'system',
    ip: null,
    requestId: null,
    detail: entry.detail ? (clean(entry.detail) as Record<string, unknown>) : null,
  });
}
