import { z } from 'zod';

/**
 * POST /api/staff/intake/import (ECPs): many intake patients from one CSV file, each row
 * invited exactly like POST /api/staff/intake/patients, each in its own transaction. The file
 * comes as multipart/form-data (one file part, text/csv or *.csv) or as JSON `{ csv }`.
 * Header row: firstName,lastName,email,phoneNumber,dateOfBirth (common variants such as
 * "First Name", "Phone" or "DOB" are understood; dateOfBirth may be left out). Dates may be
 * YYYY-MM-DD or MM/DD/YYYY.
 */

export const MAX_IMPORT_ROWS = 1000;
export const MAX_IMPORT_BYTES = 1_048_576;

export const intakeImportJsonRequest = z.object({ csv: z.string().max(MAX_IMPORT_BYTES) }).strict();
export type IntakeImportJsonRequest = z.output<typeof intakeImportJsonRequest>;

export const importRowStatuses = ['created', 'refused'] as const;

export const importRowReport = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  row: z.number().int(),
  email: z.string(),
  status: z.enum(importRowStatuses),
  patientId: z.string().uuid().optional(),
  /** Field -> error key (spec §5) for a row that failed validation. */
  errors: z.record(z.string(), z.string()).optional(),
  /** Why a row was refused, in the spec's words where it has them. */
  message: z.string().optional(),
});
export type ImportRowReport = z.infer<typeof importRowReport>;

export const intakeImportData = z.object({
  rows: z.array(importRowReport),
  created: z.number().int(),
  refused: z.number().int(),
});
export type IntakeImportData = z.infer<typeof intakeImportData>;

/** Refusals of the whole file (nothing was created). Not worded by the spec. */
export const intakeImportMessages = {
  noFile: 'Please choose a CSV file to import.',
  notCsv: 'This file type is not supported. Please choose a CSV file.',
  tooLarge: 'This file is too large. Please choose a CSV file under 1MB.',
  unreadable: 'This file could not be read. Please save it as CSV (UTF-8) and try again.',
  missingColumns:
    'The first line of the file must name the columns firstName, lastName, email and phoneNumber (dateOfBirth is optional).',
  noRows: 'This file has no patients to import.',
  tooManyRows: `This file has too many rows. Please import at most ${MAX_IMPORT_ROWS} patients at a time.`,
  badLine: 'This line could not be read. Please check its quotes and commas.',
} as const;
