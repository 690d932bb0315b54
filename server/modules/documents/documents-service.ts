import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { DocumentData } from '../../../shared/contracts/documents';
import { fail } from '../../../shared/errors/app-error';
import { messages, validationMessages } from '../../../shared/errors/messages';
import { MAX_UPLOAD_BYTES, uploadErrorKey } from '../../../shared/validation/uploads';
import { documents } from '../../db/schema/records';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { isUuid } from '../orders/order-queries';
import { ByteInspector } from './byte-inspector';
import { cleanFileName } from './document-names';
import { type DocumentRow, documentsOfPatient } from './document-queries';
import { uploadedKind } from './file-kind';

/** The patient asking (the routes admit only patients). */
function patientOf(context: RequestContext): string {
  const { principal } = context;
  if (principal.kind !== 'user' || principal.role !== 'patient') throw fail.forbidden();
  return principal.userId;
}

function answerOf(row: DocumentRow): DocumentData {
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface IncomingFile {
  name: string | undefined;
  content: Readable;
  /** Whether the upload went past the size limit (the stream was cut there). */
  truncated: () => boolean;
}

/**
 * Documents/ (POST): keeps a patient's file. The bytes go to the file store as they arrive,
 * counted and their first and last bytes kept; then the kind is decided from those bytes
 * (JPG, PNG, HEIC or PDF, whole) and the size checked. A refused file is removed from the
 * store and answered with the spec's message; nothing of it is recorded.
 */
export async function saveDocument(
  deps: AppDeps,
  context: RequestContext,
  file: IncomingFile,
): Promise<DocumentData> {
  const userId = patientOf(context);
  const key = randomUUID();
  const inspector = new ByteInspector();
  // The upload itself can break (a malformed body, a client gone): that is not our failure.
  let uploadBroke = false;
  // pipeline, not pipe: an error of the upload ends the inspector too, so the store's write
  // fails instead of waiting for an end that never comes.
  file.content.once('error', () => {
    uploadBroke = true;
  });
  pipeline(file.content, inspector, () => undefined);
  try {
    await deps.files.put(key, inspector);
  } catch (error) {
    if (uploadBroke) throw fail.badRequest(messages.documentUploadUnreadable);
    throw error;
  }
  const tooLarge = file.truncated() || inspector.size > MAX_UPLOAD_BYTES;
  const mimeType = await uploadedKind(inspector.head(), inspector.tail());
  const errorKey = uploadErrorKey(tooLarge, mimeType === null);
  if (errorKey !== undefined || mimeType === null) {
    await deps.files.remove(key);
    const refusal = errorKey ?? 'fileTypeError';
    throw fail.badRequest(validationMessages[refusal], { file: refusal });
  }
  try {
    return await deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({
          userId,
          name: cleanFileName(file.name),
          mimeType,
          sizeBytes: inspector.size,
          storageKey: key,
          uploadedById: userId,
        })
        .returning();
      if (!row) throw new Error('document not recorded');
      await writeAudit(tx, context, {
        action: 'documents.upload',
        outcome: 'success',
        subject: `document:${row.id}`,
        detail: { mimeType, sizeBytes: inspector.size },
      });
      return answerOf(row);
    });
  } catch (error) {
    await deps.files.remove(key).catch(() => undefined);
    throw error;
  }
}

/** Documents/ (GET): the caller's documents, newest first. */
export async function listDocuments(
  deps: AppDeps,
  context: RequestContext,
): Promise<DocumentData[]> {
  const rows = await documentsOfPatient(deps.database.db, patientOf(context));
  return rows.map(answerOf);
}

async function ownDocument(
  deps: AppDeps,
  context: RequestContext,
  id: string,
): Promise<DocumentRow> {
  const userId = patientOf(context);
  if (!isUuid(id)) throw fail.notFound(messages.documentNotFound);
  const [row] = await deps.database.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)));
  if (!row) throw fail.notFound(messages.documentNotFound);
  return row;
}

async function bytesOf(deps: AppDeps, row: DocumentRow) {
  const content = await deps.files.read(row.storageKey).catch(() => {
    throw fail.notFound(messages.documentNotFound);
  });
  return { document: answerOf(row), content };
}

/** Documents/{id} (GET): one of the caller's documents and its bytes. */
export async function openDocument(
  deps: AppDeps,
  context: RequestContext,
  id: string,
): Promise<{ document: DocumentData; content: Readable }> {
  return bytesOf(deps, await ownDocument(deps, context, id));
}

/** A patient's document read by staff (the console's patient view): audited like every read. */
export async function openPatientDocument(
  deps: AppDeps,
  context: RequestContext,
  patientId: string,
  id: string,
): Promise<{ document: DocumentData; content: Readable }> {
  const [row] =
    isUuid(id) && isUuid(patientId)
      ? await deps.database.db
          .select()
          .from(documents)
          .where(and(eq(documents.id, id), eq(documents.userId, patientId)))
      : [];
  await writeAudit(deps.database.db, context, {
    action: 'staff.documents.read',
    outcome: row ? 'success' : 'failure',
    subject: `document:${id.slice(0, 64)}`,
    detail: { patientId: patientId.slice(0, 64) },
  });
  if (!row) throw fail.notFound(messages.documentNotFound);
  return bytesOf(deps, row);
}

/** Documents/{id} (DELETE): the record first (it is what the patient sees), then the bytes. */
export async function deleteDocument(deps: AppDeps, context: RequestContext, id: string) {
  const row = await ownDocument(deps, context, id);
  await deps.database.db.transaction(async (tx) => {
    await tx.delete(documents).where(eq(documents.id, row.id));
    await writeAudit(tx, context, {
      action: 'documents.delete',
      outcome: 'success',
      subject: `document:${row.id}`,
    });
  });
  await deps.files.remove(row.storageKey).catch((error: unknown) => {
    context.log?.warn({ err: error, documentId: row.id }, 'document bytes not removed');
  });
}
