import {
  type ImportRowReport,
  type IntakeImportData,
  intakeImportMessages,
  MAX_IMPORT_BYTES,
} from '../../../shared/contracts/intake-import';
import { defaultErrorMessages, fail, isAppError } from '../../../shared/errors/app-error';
import { messages, validationMessages } from '../../../shared/errors/messages';
import { ecpIntakeForm } from '../../../shared/validation/forms';
import { validateForm } from '../../../shared/validation/validate-form';
import type { Db } from '../../db/client';
import type { Notifier } from '../../integrations/notifier/notifier';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { findUserById, type UserRow } from '../users/user-queries';
import { type CsvRecord, parseIntakeCsv } from './intake-csv';
import { inviteAs } from './intake-service';
import { normalizeEmail } from './new-patient';

type ImportDeps = { db: Db; notifier: Notifier; publicUrl: string };

/**
 * An ECP's bulk intake (issue 5): every row of the CSV is validated with the intake form's
 * rules and invited exactly like a single invitation, each in its own transaction, so a bad
 * row never half-creates anything and never stops the rows after it. The file as a whole is
 * refused (nothing created) when it cannot be read, lacks a column or has too many rows.
 */
export async function importIntakeCsv(
  deps: ImportDeps,
  context: RequestContext,
  ecpId: string,
  upload: { csv: string; format: 'multipart' | 'json' },
): Promise<IntakeImportData> {
  if (Buffer.byteLength(upload.csv, 'utf8') > MAX_IMPORT_BYTES) {
    throw fail.payloadTooLarge(intakeImportMessages.tooLarge);
  }
  // A NUL never appears in text: this is a binary file (a spreadsheet saved as .xlsx, say).
  if (upload.csv.includes('\u0000')) throw fail.badRequest(intakeImportMessages.unreadable);
  const parsed = parseIntakeCsv(upload.csv);
  if (!parsed.ok) throw fail.badRequest(parsed.message);
  const ecp = await findUserById(deps.db, ecpId);
  if (!ecp) throw fail.unauthorized();

  const seen = new Set<string>();
  const rows: ImportRowReport[] = [];
  // One row after the other: each is its own transaction and the outbox keeps their order.
  for (const record of parsed.records) {
    rows.push(await importRow(deps, context, ecp, record, seen));
  }
  const created = rows.filter((row) => row.status === 'created').length;
  const refused = rows.length - created;
  await writeAudit(deps.db, context, {
    action: 'intake.import',
    outcome: 'success',
    detail: { rows: rows.length, created, refused, format: upload.format },
  });
  return { rows, created, refused };
}

async function importRow(
  deps: ImportDeps,
  context: RequestContext,
  ecp: UserRow,
  record: CsvRecord,
  seen: Set<string>,
): Promise<ImportRowReport> {
  const email = record.values.email.trim();
  const refuse = (why: { message: string; errors?: Record<string, string> }): ImportRowReport => ({
    row: record.line,
    email,
    status: 'refused',
    ...why,
  });
  if (record.unreadable) return refuse({ message: intakeImportMessages.badLine });

  const form = validateForm(ecpIntakeForm, record.values);
  if (!form.ok) {
    const errors: Record<string, string> = { ...form.errors };
    const firstKey = Object.values(form.errors)[0];
    return refuse({
      errors,
      message: firstKey ? validationMessages[firstKey] : defaultErrorMessages.badRequest,
    });
  }
  // The first valid row of an address wins; a later one would be a second account for it.
  const key = normalizeEmail(form.data.email);
  if (seen.has(key)) return refuse({ message: messages.emailAlreadyRegistered });
  seen.add(key);

  try {
    const invited = await inviteAs(deps, context, ecp, form.data);
    return { row: record.line, email, status: 'created', patientId: invited.patientId };
  } catch (error) {
    // 409 (the email has an account) and any other refusal belong to this row alone.
    if (isAppError(error) && error.status < 500) {
      return refuse({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    context.log?.error({ err: error, line: record.line }, 'intake import row failed');
    return refuse({ message: defaultErrorMessages.internal });
  }
}
