import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { visits } from '../../db/schema/visits';
import type { RequestContext } from '../auth/request-context';
import { doctorOf } from './doctor-visits';

/** Whether a doctor has a visit (not cancelled) with a patient: then they are on the care team. */
export async function doctorHasPatient(
  db: DbOrTx,
  doctorId: number,
  patientId: string,
): Promise<boolean> {
  const [visit] = await db
    .select({ orderId: visits.orderId })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .where(
      and(
        eq(orders.doctorId, doctorId),
        eq(orders.userId, patientId),
        ne(visits.status, 'cancelled'),
      ),
    )
    .limit(1);
  return visit !== undefined;
}

/**
 * Whether the staff caller may read a patient's health records (labs, documents): agents and
 * admins any patient's (the console's patient view), a doctor only a patient they have a
 * visit with.
 */
export async function staffMaySeePatient(
  db: DbOrTx,
  context: RequestContext,
  patientId: string,
): Promise<boolean> {
  const { principal } = context;
  if (principal.kind !== 'user') return false;
  if (principal.role === 'agent' || principal.role === 'admin') return true;
  if (principal.role !== 'doctor') return false;
  const doctor = await doctorOf(db, context);
  return doctorHasPatient(db, doctor.doctorId, patientId);
}
