import type { ApiClient } from '../../../shared/api/client';
import type { DocumentData } from '../../../shared/contracts/documents';
import type { Envelope } from '../../../shared/contracts/envelope';
import { intakeUrl } from './intake-url';

/** POST staff/intake/patients/{id}/documents: one file for a patient the ECP registered. */
export async function attachIntakeDocument(
  client: ApiClient,
  patientId: string,
  file: File,
): Promise<DocumentData> {
  const form = new FormData();
  form.append('file', file, file.name);
  const url = intakeUrl(client, `patients/${encodeURIComponent(patientId)}/documents`);
  return (await client.post<Envelope<DocumentData>>(5, url, form)).data.Data;
}
