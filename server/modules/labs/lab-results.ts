import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { LabData, LabResultValue } from '../../../shared/contracts/labs';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { labOrders } from '../../db/schema/records';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { type IncomingFile, storeUpload } from '../documents/stored-upload';
import { labForStaff } from './lab-access';
import { labResultsNotice } from './lab-emails';
import { resultsPdf } from './lab-pdfs';
import { labAnswer, labFacts } from './lab-queries';

/** The sample was taken: ordered → collected. */
export async function markCollected(
  deps: AppDeps,
  context: RequestContext,
  labId: string,
  now: Date = new Date(),
): Promise<LabData> {
  return deps.database.db.transaction(async (tx) => {
    const row = await labForStaff(tx, context, labId, true);
    if (row.lab.status !== 'ordered') throw fail.conflict(messages.labAlreadyCollected);
    await tx
      .update(labOrders)
      .set({ status: 'collected', collectedAt: now })
      .where(eq(labOrders.id, row.lab.id));
    await writeAudit(tx, context, {
      action: 'labs.collected',
      outcome: 'success',
      subject: `lab:${row.lab.id}`,
    });
    return labAnswer({ ...row, lab: { ...row.lab, status: 'collected', collectedAt: now } });
  });
}

/**
 * Records the results file of a lab (already in the store under `key`): the lab is resulted
 * (collected too, if nobody said so), audited, and the patient told by email from the
 * outbox once committed. A lab with results keeps them: a second set is refused, and the new
 * file is removed.
 */
async function recordResults(
  deps: AppDeps,
  context: RequestContext,
  labId: string,
  key: string,
  values: LabResultValue[] | null,
  now: Date,
): Promise<LabData> {
  let outboxId: number | null = null;
  try {
    const answer = await deps.database.db.transaction(async (tx) => {
      const row = await labForStaff(tx, context, labId, true);
      if (row.lab.status === 'resulted') throw fail.conflict(messages.labAlreadyResulted);
      const resulted = {
        status: 'resulted' as const,
        resultKey: key,
        resultValues: values,
        resultedAt: now,
        collectedAt: row.lab.collectedAt ?? now,
      };
      await tx.update(labOrders).set(resulted).where(eq(labOrders.id, row.lab.id));
      await writeAudit(tx, context, {
        action: 'labs.results',
        outcome: 'success',
        subject: `lab:${row.lab.id}`,
        detail: { source: values ? 'values' : 'file' },
      });
      outboxId = await deps.notifier.queue(
        tx,
        labResultsNotice(deps.config.publicUrl, row.patient.email),
      );
      return labAnswer({ ...row, lab: { ...row.lab, ...resulted } });
    });
    if (outboxId !== null) {
      const id = outboxId;
      await deps.notifier.deliver(id).catch((error: unknown) => {
        context.log?.warn({ err: error, labId }, 'lab results notice not delivered yet');
      });
    }
    return answer;
  } catch (error) {
    await deps.files.remove(key).catch(() => undefined);
    throw error;
  }
}

/** Results entered as values (one per ordered test at most): rendered to the results PDF. */
export async function attachResultValues(
  deps: AppDeps,
  context: RequestContext,
  labId: string,
  values: LabResultValue[],
  now: Date = new Date(),
): Promise<LabData> {
  const row = await labForStaff(deps.database.db, context, labId);
  if (row.lab.status === 'resulted') throw fail.conflict(messages.labAlreadyResulted);
  const ordered = new Set(row.lab.tests);
  if (values.some((value) => !ordered.has(value.test))) {
    throw fail.badRequest(messages.labResultNotOrdered);
  }
  const key = randomUUID();
  await deps.files.put(key, Readable.from([await resultsPdf(labFacts(row), values, now)]));
  return recordResults(deps, context, labId, key, values, now);
}

/** Results as the lab sent them: an uploaded PDF (checked by its bytes, 10 MB at most). */
export async function attachResultFile(
  deps: AppDeps,
  context: RequestContext,
  labId: string,
  file: IncomingFile,
  now: Date = new Date(),
): Promise<LabData> {
  // Refused before the upload is read when the lab is out of reach or already resulted.
  const row = await labForStaff(deps.database.db, context, labId);
  if (row.lab.status === 'resulted') throw fail.conflict(messages.labAlreadyResulted);
  const stored = await storeUpload(deps, file);
  if (stored.mimeType !== 'application/pdf') {
    await deps.files.remove(stored.key);
    throw fail.badRequest(messages.labResultsPdfOnly, { file: 'labResultsPdfOnly' });
  }
  return recordResults(deps, context, labId, stored.key, null, now);
}
