import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import {
  type DocumentData,
  documentData,
  documentListData,
  documentParams,
} from '../../../shared/contracts/documents';
import { envelope } from '../../../shared/contracts/envelope';
import { MAX_UPLOAD_BYTES } from '../../../shared/validation/uploads';
import type { AppDeps } from '../../deps';
import { routePath } from '../../lib/route-path';
import { sendData } from '../../plugins/envelope';
import { acceptOneFile, uploadedPart } from '../../plugins/one-file-upload';
import { sendFile } from '../../plugins/send-file';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import { downloadName } from './document-names';
import {
  attachIntakeDocument,
  deleteDocument,
  listDocuments,
  openDocument,
  openDocumentPreview,
  openPatientDocument,
  saveDocument,
} from './documents-service';

const patientOnly: readonly Access[] = ['patient'];
const ecpOnly: readonly Access[] = ['ecp'];
const intakeDocumentParams = z.object({ patientId: z.string().min(1).max(64) }).strict();
/** Staff who read patients' records: the patient view's agents and admins, their doctors. */
const staffReaders: readonly Access[] = ['agent', 'admin', 'doctor'];
const staffDocumentParams = z
  .object({ userId: z.string().min(1).max(64), documentId: z.string().min(1).max(64) })
  .strict();

/** A stored file as a download under its name, with its own type and size. */
function sendDocument(
  reply: FastifyReply,
  { document, content }: { document: DocumentData; content: Readable },
) {
  return sendFile(reply, {
    mimeType: document.mimeType,
    content,
    sizeBytes: document.sizeBytes,
    attachmentName: downloadName(document.name, document.mimeType),
  });
}
const tags = ['documents'];

/**
 * The patient's documents (spec §7 "User" Documents/): upload one file (multipart, one part,
 * cut at the limit while it streams), list, download, delete.
 */
export function documentRoutes(app: FastifyInstance, deps: AppDeps) {
  void app.register(async (scope) => {
    // Past the limit the stream is cut and marked truncated: the service refuses it with
    // the spec's message (and whether the type is wrong too).
    await acceptOneFile(scope, { maxBytes: MAX_UPLOAD_BYTES, throwAtLimit: false });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      routePath('documents'),
      {
        config: { access: patientOnly },
        schema: {
          tags,
          description:
            'multipart/form-data with one file part: JPG, PNG, HEIC or PDF, 10 MB at most.',
          response: { 200: envelope(documentData) },
        },
      },
      async (request, reply) => {
        const saved = await saveDocument(deps, contextOf(request), await uploadedPart(request));
        return sendData(reply, saved, 'Document saved');
      },
    );

    r.post(
      routePath('staffIntakeDocuments'),
      {
        config: { access: ecpOnly },
        schema: {
          tags,
          params: intakeDocumentParams,
          description:
            'An ECP attaches a document to a patient they registered: multipart/form-data with one file part, JPG, PNG, HEIC or PDF, 10 MB at most.',
          response: { 200: envelope(documentData) },
        },
      },
      async (request, reply) => {
        const { patientId } = request.params;
        const file = await uploadedPart(request);
        const saved = await attachIntakeDocument(deps, contextOf(request), patientId, file);
        return sendData(reply, saved, 'Document saved');
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath('documents'),
    {
      config: { access: patientOnly },
      schema: { tags, response: { 200: envelope(documentListData) } },
    },
    async (request, reply) =>
      sendData(reply, { documents: await listDocuments(deps, contextOf(request)) }),
  );

  r.get(
    routePath('document'),
    {
      config: { access: patientOnly },
      schema: { tags, params: documentParams, description: 'The file, as an attachment.' },
    },
    async (request, reply) =>
      sendDocument(reply, await openDocument(deps, contextOf(request), request.params.documentId)),
  );

  r.get(
    routePath('documentPreview'),
    {
      config: { access: patientOnly },
      schema: { tags, params: documentParams, description: 'An image a browser can show.' },
    },
    async (request, reply) => {
      const preview = await openDocumentPreview(
        deps,
        contextOf(request),
        request.params.documentId,
      );
      return sendFile(reply, preview);
    },
  );

  r.get(
    `${defaultBasePaths.staff}/patients/:userId/documents/:documentId`,
    {
      config: { access: staffReaders },
      schema: {
        tags,
        params: staffDocumentParams,
        description: "A patient's document for staff, as an attachment (audited).",
      },
    },
    async (request, reply) => {
      const { userId, documentId } = request.params;
      const opened = await openPatientDocument(deps, contextOf(request), userId, documentId);
      return sendDocument(reply, opened);
    },
  );

  r.delete(
    routePath('document'),
    {
      config: { access: patientOnly },
      schema: { tags, params: documentParams, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await deleteDocument(deps, contextOf(request), request.params.documentId);
      return sendData(reply, null, 'Document deleted');
    },
  );
}
