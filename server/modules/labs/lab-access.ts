import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../auth/request-context';
import { staffMaySeePatient } from '../visits/care-team';
import { findLab, type LabRow } from './lab-queries';

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
