import type { ValidationErrorKey } from '../errors/messages';

/**
 * Upload rule of spec §5/§9: 10MB at most (exactly 10 MB is accepted, one byte more is not),
 * JPG, PNG, HEIC or PDF only. In the browser this is advisory; the server decides the type
 * by magic bytes and can pass the detected MIME type here.
 */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ALLOWED_UPLOAD_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/heif',
  'application/pdf',
] as const;
export const ALLOWED_UPLOAD_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.heic', '.pdf'] as const;
/** For a file input's `accept` attribute. */
export const UPLOAD_ACCEPT = [...ALLOWED_UPLOAD_MIME_TYPES, ...ALLOWED_UPLOAD_EXTENSIONS].join(',');

/** Browsers send these (or nothing) when they do not know a type, e.g. HEIC in Chrome. */
const UNKNOWN_MIME_TYPES = new Set(['', 'application/octet-stream']);

export type UploadErrorKey = Extract<
  ValidationErrorKey,
  'fileTooLargeError' | 'fileTypeError' | 'fileTooLargeAndTypeError'
>;

/** What a browser `File` or a multipart part tells about itself. */
export interface UploadCandidate {
  readonly size: number;
  /** MIME type, e.g. `File.type` or the type detected from magic bytes. */
  readonly type?: string | undefined;
  readonly name?: string | undefined;
}

export type UploadCheck = { readonly ok: true } | { readonly ok: false; errorKey: UploadErrorKey };

/** A byte count that is not a whole, non-negative number is refused as too large. */
export function isAllowedUploadSize(size: number): boolean {
  return Number.isSafeInteger(size) && size >= 0 && size <= MAX_UPLOAD_BYTES;
}

export function isAllowedUploadMimeType(mimeType: string): boolean {
  const essence = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (ALLOWED_UPLOAD_MIME_TYPES as readonly string[]).includes(essence);
}

export function hasAllowedUploadExtension(name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return false;
  const extension = name.slice(dot).toLowerCase();
  return (ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/** A known MIME type decides; only when there is none does the file name's extension. */
export function isAllowedUploadType(file: Pick<UploadCandidate, 'type' | 'name'>): boolean {
  const mimeType = typeof file.type === 'string' ? file.type.trim() : '';
  if (!UNKNOWN_MIME_TYPES.has(mimeType.toLowerCase())) return isAllowedUploadMimeType(mimeType);
  return typeof file.name === 'string' && hasAllowedUploadExtension(file.name);
}

/** The one key for what is wrong, or undefined when nothing is. */
export function uploadErrorKey(tooLarge: boolean, wrongType: boolean): UploadErrorKey | undefined {
  if (tooLarge && wrongType) return 'fileTooLargeAndTypeError';
  if (tooLarge) return 'fileTooLargeError';
  if (wrongType) return 'fileTypeError';
  return undefined;
}

export function validateUpload(file: UploadCandidate): UploadCheck {
  const errorKey = uploadErrorKey(!isAllowedUploadSize(file.size), !isAllowedUploadType(file));
  return errorKey === undefined ? { ok: true } : { ok: false, errorKey };
}
