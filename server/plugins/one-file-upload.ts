import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, isAppError } from '../../shared/errors/app-error';
import { messages } from '../../shared/errors/messages';

/**
 * Multipart parsing for a scope whose routes take one file of at most `maxBytes`, with small
 * limits on everything else a form may carry. `throwAtLimit` false cuts the file there and
 * marks it truncated, for a route that answers the limit itself.
 */
export async function acceptOneFile(
  scope: FastifyInstance,
  options: { maxBytes: number; throwAtLimit: boolean },
): Promise<void> {
  await scope.register(multipart, {
    throwFileSizeLimit: options.throwAtLimit,
    limits: {
      fileSize: options.maxBytes,
      files: 1,
      fields: 4,
      parts: 5,
      fieldNameSize: 100,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });
}

/** The one file part of a request, streaming, as the upload services take it. */
export interface UploadedPart {
  name: string | undefined;
  content: Readable;
  /** Whether the upload went past the size limit (the stream was cut there). */
  truncated: () => boolean;
}

/**
 * The request's file part, or the spec's message: not multipart or no file part is "choose a
 * file", a malformed body is the client's mistake (400, never a 500).
 */
export async function uploadedPart(request: FastifyRequest): Promise<UploadedPart> {
  if (!request.isMultipart()) throw fail.badRequest(messages.documentUploadMissing);
  const part = await request.file().catch((error: unknown) => {
    throw isAppError(error) ? error : fail.badRequest(messages.documentUploadUnreadable);
  });
  if (!part) throw fail.badRequest(messages.documentUploadMissing);
  return { name: part.filename, content: part.file, truncated: () => part.file.truncated };
}
