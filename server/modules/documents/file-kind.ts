import { isAllowedUploadMimeType } from '../../../shared/validation/uploads';

/** file-type reads at most this much of a file's start. */
export const HEAD_BYTES = 4100;
/** The end of a file, where JPEG, PNG and PDF say they are complete. */
export const TAIL_BYTES = 1024;

const ascii = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** Whether a file of this kind ends as a whole one does (a truncated upload does not). */
function isComplete(mimeType: string, tail: Uint8Array): boolean {
  switch (mimeType) {
    case 'image/jpeg': {
      // The end-of-image marker, possibly followed by padding.
      const text = ascii(tail).replace(/\0+$/, '');
      return text.endsWith('\xff\xd9');
    }
    case 'image/png':
      return ascii(tail).includes('IEND');
    case 'application/pdf':
      return ascii(tail).includes('%%EOF');
    default:
      return true;
  }
}

/**
 * The kind of an uploaded file from its bytes (never its name or the client's word): its MIME
 * type when it is an allowed kind and whole, else null.
 */
export async function uploadedKind(head: Uint8Array, tail: Uint8Array): Promise<string | null> {
  // Loaded with the first upload: most processes never read a file's bytes.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  if (!detected || !isAllowedUploadMimeType(detected.mime)) return null;
  return isComplete(detected.mime, tail) ? detected.mime : null;
}
