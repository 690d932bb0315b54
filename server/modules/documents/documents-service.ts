import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { DocumentData } from '../../../shared/contracts/documents';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { users } from '../../db/schema/identity';
import { documents } from '../../db/schema/records';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../audit/audit-service';
import { patientOf, type RequestContext } from '../auth/request-context';
import { isUuid } from '../orders/order-queries';
import { staffMaySeePatient } from '../visits/care-team';
import { cleanFileName } from './document-names';
import { type DocumentRow, documentsOfPatient } from './document-queries';
import { heicPreviewJpeg } from './heic-preview';
import { type IncomingFile, storeUpload } from './stored-upload';

function answerOf(row: DocumentRow): DocumentData {
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    hasPreview: shownAsIs.has(row.mimeType) || row.previewKey !== null,
  };
}

/** Kinds a browser shows as they are: their preview is the file itself. */
const shownAsIs = new Set(['image/jpeg', 'image/png']);

async function bytesOfStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A HEIC photo's preview, made and kept beside it; null when the photo does not decode (the
 * document is kept all the same, shown as a tile).
 */
async function makeHeicPreview(
  deps: AppDeps,
  context: RequestContext,
  key: string,
): Promise<string | null> {
  try {
    const jpeg = await heicPreviewJpeg(await bytesOfStream(await deps.files.read(key)));
    const previewKey = randomUUID();
    await deps.files.put(previewKey, Readable.from([jpeg]));
    return previewKey;
  } catch (error) {
    context.log?.warn({ err: error }, 'no preview of a HEIC document');
    return null;
  }
}

/**
 * Documents/ (POST): keeps a patient's file (stored-upload.ts checks its kind and size as it
 * streams). A refused file is answered with the spec's message; nothing of it is recorded.
 */
export async function saveDocument(
  deps: AppDeps,
  context: RequestContext,
  file: IncomingFile,
): Promise<DocumentData> {
  return keepDocument(deps, context, patientOf(context), file, 'documents.upload');
}

/**
 * An ECP attaches a document (a prescription, an insurance card) to a patient they registered;
 * any other patient is unknown to them (404, audited), before any byte is kept.
 */
export async function attachIntakeDocument(
  deps: AppDeps,
  context: RequestContext,
  patientId: string,
  file: IncomingFile,
): Promise<DocumentData> {
  const { principal } = context;
  if (principal.kind !== 'user' || principal.role !== 'ecp') throw fail.forbidden();
  const [patient] = isUuid(patientId)
    ? await deps.database.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, patientId),
            eq(users.role, 'patient'),
            eq(users.registeredByEcpId, principal.userId),
          ),
        )
    : [];
  if (!patient) {
    await writeAudit(deps.database.db, context, {
      action: 'intake.documents.upload',
      outcome: 'failure',
      subject: `user:${patientId.slice(0, 64)}`,
    });
    throw fail.notFound(messages.patientNotFound);
  }
  return keepDocument(deps, context, patient.id, file, 'intake.documents.upload');
}

/** Keeps an upload as one of `ownerId`'s documents (its HEIC preview made), audited. */
async function keepDocument(
  deps: AppDeps,
  context: RequestContext,
  ownerId: string,
  file: IncomingFile,
  action: string,
): Promise<DocumentData> {
  const uploaderId = context.principal.kind === 'user' ? context.principal.userId : null;
  const { key, mimeType, sizeBytes } = await storeUpload(deps, file);
  const previewKey = mimeType === 'image/heic' ? await makeHeicPreview(deps, context, key) : null;
  try {
    return await deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documents)
        .values({
          userId: ownerId,
          name: cleanFileName(file.name),
          mimeType,
          sizeBytes,
          storageKey: key,
          previewKey,
          uploadedById: uploaderId,
        })
        .returning();
      if (!row) throw new Error('document not recorded');
      await writeAudit(tx, context, {
        action,
        outcome: 'success',
        subject: `document:${row.id}`,
        detail: { mimeType, sizeBytes, patientId: ownerId },
      });
      return answerOf(row);
    });
  } catch (error) {
    await deps.files.remove(key).catch(() => undefined);
    if (previewKey) await deps.files.remove(previewKey).catch(() => undefined);
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

/** Documents/{id}/preview: an image of one of the caller's documents a browser can show. */
export async function openDocumentPreview(
  deps: AppDeps,
  context: RequestContext,
  id: string,
): Promise<{ mimeType: string; content: Readable }> {
  const row = await ownDocument(deps, context, id);
  const key = shownAsIs.has(row.mimeType) ? row.storageKey : row.previewKey;
  if (!key) throw fail.notFound(messages.documentNoPreview);
  const content = await deps.files.read(key).catch(() => {
    throw fail.notFound(messages.documentNotFound);
  });
  return { mimeType: key === row.storageKey ? row.mimeType : 'image/jpeg', content };
}

/** Documents/{id} (GET): one of the caller's documents and its bytes. */
export async function openDocument(
  deps: AppDeps,
  context: RequestContext,
  id: string,
): Promise<{ document: DocumentData; content: Readable }> {
  return bytesOf(deps, await ownDocument(deps, context, id));
}

/**
 * A patient's document read by staff: agents and admins (the console's patient view), the
 * patient's doctors (the visit chart). Audited like every read, a refusal too.
 */
export async function openPatientDocument(
  deps: AppDeps,
  context: RequestContext,
  patientId: string,
  id: string,
): Promise<{ document: DocumentData; content: Readable }> {
  const { db } = deps.database;
  const allowed =
    isUuid(id) && isUuid(patientId) && (await staffMaySeePatient(db, context, patientId));
  const [row] = allowed
    ? await db
        .select()
        .from(documents)
        .where(and(eq(documents.id, id), eq(documents.userId, patientId)))
    : [];
  await writeAudit(db, context, {
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
  for (const key of [row.storageKey, row.previewKey]) {
    if (!key) continue;
    await deps.files.remove(key).catch((error: unknown) => {
      context.log?.warn({ err: error, documentId: row.id }, 'document bytes not removed');
    });
  }
}
