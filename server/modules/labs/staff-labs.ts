import { eq } from 'drizzle-orm';
import type { LabData } from '../../../shared/contracts/labs';
import { fail, isAppError } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { labOrders } from '../../db/schema/records';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { staffMaySeePatient } from '../visits/care-team';
import { labForStaff } from './lab-access';
import { type LabFile, type LabFileKind, labFile } from './lab-files';
import { labAnswer, selectLabs } from './lab-queries';

/**
 * A patient's labs for staff (the console's patient view, the doctor's chart): agents and
 * admins any patient's, a doctor their own patients'. Every read is audited.
 */
export async function staffPatientLabs(
  deps: AppDeps,
  context: RequestContext,
  patientId: string,
): Promise<LabData[]> {
  const { db } = deps.database;
  const allowed = await staffMaySeePatient(db, context, patientId);
  await writeAudit(db, context, {
    action: 'staff.labs.list',
    outcome: allowed ? 'success' : 'failure',
    subject: `user:${patientId}`,
  });
  if (!allowed) throw fail.notFound(messages.patientNotFound);
  const rows = await selectLabs(db, eq(labOrders.patientId, patientId)).limit(200);
  return rows.map(labAnswer);
}

/** A lab's requisition or results PDF for staff, audited (a refusal too). */
export async function staffLabFile(
  deps: AppDeps,
  context: RequestContext,
  labId: string,
  kind: LabFileKind,
): Promise<LabFile> {
  const { db } = deps.database;
  const audit = (outcome: 'success' | 'failure') =>
    writeAudit(db, context, {
      action: `staff.labs.${kind}`,
      outcome,
      subject: `lab:${labId.slice(0, 64)}`,
    });
  try {
    const file = await labFile(deps, await labForStaff(db, context, labId), kind);
    await audit('success');
    return file;
  } catch (error) {
    if (isAppError(error)) await audit('failure');
    throw error;
  }
}
