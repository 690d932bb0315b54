import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
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
  const auditStaffRead: onSendHookHandler = (request, reply, payload, done) => {
    const principal = request.principal;
    const subject =
      principal?.kind === 'user' && isStaff(principal.role) && reply.statusCode < 400
        ? namedSubject(request)
        : null;
    if (!subject) return done(null, payload);
    writeAudit(database.db, request, {
      action: 'staff.read.checkout',
      outcome: 'success',
      subject,
      detail: { method: request.method, route: request.routeOptions.url ?? '' },
    }).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  };
  // Hooked to the routes patients use, as each is added: every other request (health, the
  // catalog, staff routes) passes no hook of ours on its way out.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? [];
    const patientsUse = access.includes('patient') || access.includes('guest');
    if (!patientsUse || route.url.startsWith('/api/staff')) return;
    route.onSend = [...[route.onSend ?? []].flat(), auditStaffRead];
  });
}
