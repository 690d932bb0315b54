import type { Readable } from 'node:stream';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import type { LabRow } from './lab-queries';

/** The two PDFs of a lab. */
export type LabFileKind = 'requisition' | 'results';

export interface LabFile {
  fileName: string;
  content: Readable;
}

/** A lab's requisition or results PDF from the file store (results: once there are any). */
export async function labFile(
  deps: Pick<AppDeps, 'files'>,
  row: LabRow,
  kind: LabFileKind,
): Promise<LabFile> {
  const key = kind === 'requisition' ? row.lab.requisitionKey : row.lab.resultKey;
  if (!key) throw fail.notFound(messages.labResultsNotReady);
  const content = await deps.files.read(key).catch(() => {
    throw fail.notFound(messages.labNotFound);
  });
  return { fileName: `${row.lab.requisitionNumber}-${kind}.pdf`, content };
}
