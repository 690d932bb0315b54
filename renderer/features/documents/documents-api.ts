import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { DocumentData, DocumentListData } from '../../../shared/contracts/documents';

const listUrl = (client: ApiClient) => joinUrl(client.bases.user, endpointPath('documents'));
export const documentUrl = (client: ApiClient, documentId: string) =>
  joinUrl(client.bases.user, endpointPath('document', { documentId }));

/** An image of the document a browser can show (when `hasPreview`). */
export const documentPreviewUrl = (client: ApiClient, documentId: string) =>
  joinUrl(client.bases.user, endpointPath('documentPreview', { documentId }));

/** GET Documents/: the patient's documents, newest first. */
export async function fetchDocuments(client: ApiClient): Promise<DocumentData[]> {
  return (await client.get<DocumentListData>(5, listUrl(client))).data.documents;
}

/** POST Documents/: one file, as multipart form data. */
export async function uploadDocument(
  client: ApiClient,
  file: Blob,
  name: string,
): Promise<DocumentData> {
  const form = new FormData();
  form.append('file', file, name);
  return (await client.post<{ Data: DocumentData }>(5, listUrl(client), form)).data.Data;
}

export async function deleteDocument(client: ApiClient, documentId: string): Promise<void> {
  await client.delete(5, documentUrl(client, documentId));
}

/** A patient's document as staff read it (audited by the server). */
export const staffDocumentUrl = (client: ApiClient, patientId: string, documentId: string) =>
  joinUrl(
    client.bases.staff,
    `patients/${encodeURIComponent(patientId)}/documents/${encodeURIComponent(documentId)}`,
  );
