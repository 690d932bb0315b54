import Papa from 'papaparse';
import { intakeImportMessages, MAX_IMPORT_ROWS } from '../../../shared/contracts/intake-import';

export const importColumns = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'dateOfBirth',
] as const;
export type ImportColumn = (typeof importColumns)[number];

const requiredColumns: readonly ImportColumn[] = ['firstName', 'lastName', 'email', 'phoneNumber'];

/**
 * Header spellings people and spreadsheet exports use, keyed by the header lower-cased with
 * everything but letters removed ("First Name", "first_name" and "FirstName" are all
 * "firstname").
 */
const headerAliases: Record<string, ImportColumn> = {
  firstname: 'firstName',
  first: 'firstName',
  fname: 'firstName',
  givenname: 'firstName',
  forename: 'firstName',
  lastname: 'lastName',
  last: 'lastName',
  lname: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  phonenumber: 'phoneNumber',
  phone: 'phoneNumber',
  phoneno: 'phoneNumber',
  telephone: 'phoneNumber',
  tel: 'phoneNumber',
  mobile: 'phoneNumber',
  mobilephone: 'phoneNumber',
  mobilenumber: 'phoneNumber',
  cell: 'phoneNumber',
  cellphone: 'phoneNumber',
  cellnumber: 'phoneNumber',
  dateofbirth: 'dateOfBirth',
  dob: 'dateOfBirth',
  birthdate: 'dateOfBirth',
  birthday: 'dateOfBirth',
  dateofbirthmmddyyyy: 'dateOfBirth',
  dateofbirthyyyymmdd: 'dateOfBirth',
};

export function columnOf(header: string): ImportColumn | undefined {
  const key = header.toLowerCase().replace(/[^a-z]/g, '');
  return Object.hasOwn(headerAliases, key) ? headerAliases[key] : undefined;
}

/** One data row: the line it starts on (header = line 1) and its values by column. */
export interface CsvRecord {
  line: number;
  values: Record<ImportColumn, string>;
  /** The parser could not read the row (unbalanced quotes): it is refused as it stands. */
  unreadable: boolean;
}

export type ParsedCsv =
  | { ok: true; records: CsvRecord[] }
  | { ok: false; message: string; tooManyRows?: boolean };

interface RawRow {
  line: number;
  fields: string[];
  unreadable: boolean;
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * US spreadsheets write dates MM/DD/YYYY; the intake rule wants YYYY-MM-DD. Anything else is
 * left as it is for the rule to refuse.
 */
export function isoDateOf(value: string): string {
  const match = US_DATE.exec(value.trim());
  if (!match) return value;
  const [, month, day, year] = match as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

const countOf = (text: string, needle: string): number => text.split(needle).length - 1;

/**
 * Reads every row with the line it starts on (a quoted value may span lines, so the line is
 * counted from the parser's position, not from the row's index). Blank lines are skipped.
 * Stops reading once there are more rows than an import takes.
 */
function readRows(text: string): RawRow[] {
  const rows: RawRow[] = [];
  let consumed = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t'],
    step: (result, parser) => {
      const end = result.meta.cursor;
      const startLine = line;
      const newline = result.meta.linebreak === '\r' ? '\r' : '\n';
      line += countOf(text.slice(consumed, end), newline);
      consumed = end;
      const fields = result.data;
      if (fields.every((field) => field.trim() === '')) return;
      const unreadable = result.errors.some((error) => error.type === 'Quotes');
      rows.push({ line: startLine, fields, unreadable });
      // The header plus one row too many is enough to refuse the file.
      if (rows.length > MAX_IMPORT_ROWS + 1) parser.abort();
    },
  });
  return rows;
}

/** The CSV of an ECP's bulk intake: a header row naming the columns, then one patient a row. */
export function parseIntakeCsv(csv: string): ParsedCsv {
  const rows = readRows(csv.replace(/^\uFEFF/, ''));
  const [header, ...data] = rows;
  if (!header) return { ok: false, message: intakeImportMessages.noRows };
  const indexOf = new Map<ImportColumn, number>();
  header.fields.forEach((name, index) => {
    const column = columnOf(name);
    if (column && !indexOf.has(column)) indexOf.set(column, index);
  });
  if (requiredColumns.some((column) => !indexOf.has(column))) {
    return { ok: false, message: intakeImportMessages.missingColumns };
  }
  if (data.length === 0) return { ok: false, message: intakeImportMessages.noRows };
  if (data.length > MAX_IMPORT_ROWS) {
    return { ok: false, message: intakeImportMessages.tooManyRows, tooManyRows: true };
  }
  const records = data.map((row) => {
    const value = (column: ImportColumn) => {
      const index = indexOf.get(column);
      return index === undefined ? '' : (row.fields[index] ?? '');
    };
    return {
      line: row.line,
      unreadable: row.unreadable,
      values: {
        firstName: value('firstName'),
        lastName: value('lastName'),
        email: value('email'),
        phoneNumber: value('phoneNumber'),
        dateOfBirth: isoDateOf(value('dateOfBirth')),
      },
    };
  });
  return { ok: true, records };
}
