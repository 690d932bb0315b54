import type {
  PatientOrdersData,
  PatientOrdersQuery,
  PatientSearchData,
  PatientSearchQuery,
  PatientViewData,
} from '../../../shared/contracts/staff-patients';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { searchPatients } from './patient-search';
import { findPatient, patientOrders, patientView } from './patient-view';

/**
 * The console's reads of patient data, each recorded in the audit log (SECURITY "Audit"): who
 * read which patient, and for a search which fields were searched, never the text.
 */
export async function searchPatientsAudited(
  db: DbOrTx,
  context: RequestContext,
  query: PatientSearchQuery,
): Promise<PatientSearchData> {
  const found = await searchPatients(db, query);
  await writeAudit(db, context, {
    action: 'staff.patients.search',
    outcome: 'success',
    detail: {
      fields: found.searchedFields,
      results: found.items.length,
      nextPage: query.cursor !== undefined,
    },
  });
  return found;
}

export async function viewPatientAudited(
  db: DbOrTx,
  context: RequestContext,
  userId: string,
): Promise<PatientViewData> {
  const view = await patientView(db, userId);
  await writeAudit(db, context, {
    action: 'staff.patients.view',
    outcome: 'success',
    subject: view.profile.userId,
  });
  return view;
}

export async function patientOrdersAudited(
  db: DbOrTx,
  context: RequestContext,
  userId: string,
  query: PatientOrdersQuery,
): Promise<PatientOrdersData> {
  const patient = await findPatient(db, userId);
  const page = await patientOrders(db, patient.userId, query);
  await writeAudit(db, context, {
    action: 'staff.patients.orders',
    outcome: 'success',
    subject: patient.userId,
    detail: { results: page.items.length, nextPage: query.cursor !== undefined },
  });
  return page;
}
