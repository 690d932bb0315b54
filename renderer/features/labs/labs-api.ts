import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type {
  LabData,
  LabListData,
  LabResultValuesRequest,
  OrderLabsRequest,
} from '../../../shared/contracts/labs';

export type LabFileKind = 'requisition' | 'results';

/** The patient's own lab PDFs. */
export const patientLabFileUrl = (client: ApiClient, labId: string, kind: LabFileKind) =>
  joinUrl(
    client.bases.user,
    endpointPath(kind === 'requisition' ? 'labRequisition' : 'labResults', { labId }),
  );

/** A lab's PDFs as staff read them (audited by the server). */
export const staffLabFileUrl = (client: ApiClient, labId: string, kind: LabFileKind) =>
  joinUrl(
    client.bases.staff,
    endpointPath(kind === 'requisition' ? 'staffLabRequisition' : 'staffLabResults', { labId }),
  );

/** GET HealthRecord/labs?storefrontId=: the patient's labs, newest first. */
export async function fetchPatientLabs(client: ApiClient, storefrontId: number) {
  const url = joinUrl(client.bases.user, endpointPath('labs'));
  return (await client.get<LabListData>(5, url, { storefrontId })).data.labs;
}

/** A patient's labs for staff (the console's patient view, the doctor's chart). */
export async function fetchStaffPatientLabs(client: ApiClient, userId: string) {
  const url = joinUrl(client.bases.staff, endpointPath('staffPatientLabs', { userId }));
  return (await client.get<LabListData>(5, url)).data.labs;
}

/** The doctor orders tests for the patient of a visit. */
export async function orderLabs(client: ApiClient, orderId: string, request: OrderLabsRequest) {
  const url = joinUrl(client.bases.staff, endpointPath('staffVisitLabs', { orderId }));
  return (await client.post<{ Data: LabData }>(5, url, request)).data.Data;
}

export async function markLabCollected(client: ApiClient, labId: string) {
  const url = joinUrl(client.bases.staff, endpointPath('staffLabCollected', { labId }));
  return (await client.post<{ Data: LabData }>(5, url, {})).data.Data;
}

export async function saveLabResultValues(
  client: ApiClient,
  labId: string,
  request: LabResultValuesRequest,
) {
  const url = joinUrl(client.bases.staff, endpointPath('staffLabResults', { labId }));
  return (await client.post<{ Data: LabData }>(5, url, request)).data.Data;
}

export async function uploadLabResultFile(
  client: ApiClient,
  labId: string,
  file: Blob,
  name: string,
) {
  const form = new FormData();
  form.append('file', file, name);
  const url = joinUrl(client.bases.staff, endpointPath('staffLabResultsFile', { labId }));
  return (await client.post<{ Data: LabData }>(5, url, form)).data.Data;
}
