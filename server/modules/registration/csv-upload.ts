import type { FastifyRequest } from 'fastify';
import { intakeImportMessages } from '../../../shared/contracts/intake-import';
import { type AppError, fail, isAppError } from '../../../shared/errors/app-error';

/** What the import takes: text/csv by type, or anything named *.csv (browsers disagree). */
export function isCsvUpload(mimetype: string, filename: string): boolean {
  const type = mimetype.split(';')[0]?.trim().toLowerCase();
  return type === 'text/csv' || filename.trim().toLowerCase().endsWith('.csv');
}

/** UTF-8 (with or without BOM); a file that is not is read as Windows-1252, Excel's default. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Multipart's own errors (limits, malformed bodies) become 413 or 400, never a 500. */
function uploadError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) return fail.payloadTooLarge(intakeImportMessages.tooLarge);
  return fail.badRequest(intakeImportMessages.unreadable);
}

/** The CSV file of a multipart request: its first file part, within the plugin's limits. */
export async function readCsvUpload(request: FastifyRequest): Promise<string> {
  try {
    const part = await request.file();
    if (!part) throw fail.badRequest(intakeImportMessages.noFile);
    if (!isCsvUpload(part.mimetype, part.filename)) {
      part.file.resume();
      throw fail.unsupportedMediaType(intakeImportMessages.notCsv);
    }
    return decodeCsv(await part.toBuffer());
  } catch (error) {
    throw uploadError(error);
  }
}
