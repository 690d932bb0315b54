import { and, eq, isNull } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import type { Principal } from '../auth/principal';
import type { RequestContext } from '../auth/request-context';

export type StaffPrincipal = Extract<Principal, { kind: 'user' }> & { role: 'agent' | 'admin' };

/** The calling agent or admin; anyone else is refused (the routes say so too). */
export function phoneAgentOf(context: RequestContext): StaffPrincipal {
  const principal = context.principal;
  if (principal.kind !== 'user') throw fail.unauthorized();
  if (principal.role !== 'agent' && principal.role !== 'admin') throw fail.forbidden();
  return principal as StaffPrincipal;
}

export interface PatientRef {
  id: string;
  email: string;
}

/** An active patient account; 404 for any other id (staff, disabled, unknown). */
export async function findPatient(db: DbOrTx, patientId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.role, 'patient'), isNull(users.disabledAt)))
    .limit(1);
  if (!row) throw fail.notFound(messages.patientNotFound);
  return row;
}

/**
 * The patient as a principal, so that the order core (ensureOpenOrder, orderForCaller,
 * payOrder) acts on the patient's own order. Only built here, after the caller was checked:
 * an agent or admin acting for them, or the holder of a valid payment link of their order.
 */
export function patientPrincipal(patient: PatientRef): Principal {
  return {
    kind: 'user',
    role: 'patient',
    userId: patient.id,
    email: patient.email,
    tokenId: '',
    apiKey: false,
  };
}
