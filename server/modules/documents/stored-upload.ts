import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream';
import { fail } from '../../../shared/errors/app-error';
import { messages, validationMessages } from '../../../shared/errors/messages';
import { MAX_UPLOAD_BYTES, uploadErrorKey } from '../../../shared/validation/uploads';
import type { AppDeps } from '../../deps';
import type { UploadedPart } from '../../plugins/one-file-upload';
import { ByteInspector } from './byte-inspector';
import { uploadedKind } from './file-kind';

export type IncomingFile = UploadedPart;

export interface StoredUpload {
  key: string;
  /** The kind the bytes showed (JPG, PNG, HEIC or PDF). */
  mimeType: string;
  sizeBytes: number;
}

/**
 * Streams an upload into the file store under a new key, counting it and keeping its first
 * and last bytes; then decides its kind from those bytes (JPG, PNG, HEIC or PDF, whole) and
 * checks the size. A refused file is removed from the store and answered with the spec's
 * message (spec §5). The caller records what it keeps, and removes the key if that fails.
 */
export async function storeUpload(
  deps: Pick<AppDeps, 'files'>,
  file: IncomingFile,
): Promise<StoredUpload> {
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
  return { key, mimeType, sizeBytes: inspector.size };
}
