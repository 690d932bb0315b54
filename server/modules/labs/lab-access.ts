import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../auth/request-context';
import { doctorOf } from '../visits/doctor-visits';
import { doctorHasPatient, findLab, type LabRow } from './lab-queries';

/**
 * Whether the staff caller may see a patient's labs: agents and admins any patient's (the
 * console's patient view), a doctor only a patient they have a visit with.
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

/** A lab the staff caller may act on (locked when asked); one out of reach is unknown (404). */
export async function labForStaff(
  db: DbOrTx,
  context: RequestContext,
  labId: string,
  lock = false,
): Promise<LabRow> {
  const row = await findLab(db, labId, undefined, lock);
  if (!row || !(await staffMaySeePatient(db, context, row.lab.patientId))) {
    throw fail.notFound(messages.labNotFound);
  }
  return row;
}
