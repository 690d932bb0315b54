import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { writeAudit } from '../modules/audit/audit-service';
import { isStaff } from '../modules/auth/principal';

/** The request fields that name a patient's resource (an order, above all). */
const subjectFields = ['orderId', 'patientId', 'userId', 'peopleId'] as const;

function namedSubject(request: FastifyRequest): string | null {
  for (const source of [request.params, request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const field of subjectFields) {
      const value = (source as Record<string, unknown>)[field];
      if (typeof value === 'string' || typeof value === 'number') return `${field}:${value}`;
    }
  }
  return null;
}

/**
 * Staff reach patients' data through the patient-facing checkout routes too (an agent on a
 * phone order reads its questionnaire answers, addresses, visit times...). The staff routes
 * (`/api/staff`) audit their own reads; this audits the others: every answered request by a
 * staff member to a route patients use, that names a patient's resource, writes who, what,
 * when and from where before the answer leaves (no read without its audit row).
 */
export function registerStaffReadAudit(app: FastifyInstance, database: Database) {
  app.addHook('onSend', async (request, reply, payload) => {
    const principal = request.principal;
    if (principal?.kind !== 'user' || !isStaff(principal.role)) return payload;
    if (reply.statusCode >= 400) return payload;
    const access = request.routeOptions.config?.access ?? [];
    if (!access.includes('patient') && !access.includes('guest')) return payload;
    const url = request.routeOptions.url ?? '';
    if (url.startsWith('/api/staff')) return payload;
    const subject = namedSubject(request);
    if (!subject) return payload;
    await writeAudit(database.db, request, {
      action: 'staff.read.checkout',
      outcome: 'success',
      subject,
      detail: { method: request.method, route: url },
    });
    return payload;
  });
}
