import { and, eq } from 'drizzle-orm';
import type { LabData } from '../../../shared/contracts/labs';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { labOrders } from '../../db/schema/records';
import type { AppDeps } from '../../deps';
import { patientOf, type RequestContext } from '../auth/request-context';
import { type LabFile, type LabFileKind, labFile } from './lab-files';
import { findLab, labAnswer, selectLabs } from './lab-queries';

/** HealthRecord/labs?storefrontId=: the caller's labs of that storefront, newest first. */
export async function patientLabs(
  deps: AppDeps,
  context: RequestContext,
  storefrontId: number,
): Promise<LabData[]> {
  const rows = await selectLabs(
    deps.database.db,
    and(eq(labOrders.patientId, patientOf(context)), eq(labOrders.storefrontId, storefrontId)),
  ).limit(200);
  return rows.map(labAnswer);
}

/** DOWNLOAD LAB REQUISITION / RESULTS: one of the caller's labs; another's is unknown (404). */
export async function patientLabFile(
  deps: AppDeps,
  context: RequestContext,
  labId: string,
  kind: LabFileKind,
): Promise<LabFile> {
  const row = await findLab(deps.database.db, labId, eq(labOrders.patientId, patientOf(context)));
  if (!row) throw fail.notFound(messages.labNotFound);
  return labFile(deps, row, kind);
}
