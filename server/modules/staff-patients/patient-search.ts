import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  PatientSearchData,
  PatientSearchField,
  PatientSearchQuery,
} from '../../../shared/contracts/staff-patients';
import { isIsoDate } from '../../../shared/validation/date-checks';
import { phoneDigits } from '../../../shared/validation/text-checks';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { patientRowFields, toPatientRow } from './patient-row';

/**
 * The expressions of migration 0005's indexes, written the same way so the planner uses them:
 * trigram GIN on the full name and the email, btree on the phone's digits.
 */
const fullNameExpr = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
const emailExpr = sql`lower(${users.email})`;
const phoneDigitsExpr = sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g')`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const PHONE_LIKE = /^[\d\s().+-]+$/;
const MIN_PHONE_DIGITS = 7;
const MAX_PHONE_DIGITS = 15;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A date of birth typed YYYY-MM-DD or MM/DD/YYYY, as YYYY-MM-DD; null when q is not one. */
export function dateOf(q: string): string | null {
  let iso: string | null = null;
  if (ISO_DATE.test(q)) iso = q;
  const us = US_DATE.exec(q);
  if (us) {
    const [, month = '', day = '', year = ''] = us;
    iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  }
  return iso && isIsoDate(iso) ? iso : null;
}

/**
 * The phone digits to look up (exact matches on the digits index): a 10-digit US number also
 * matches when stored with its country code 1, and an 11-digit one starting with 1 also
 * matches without it.
 */
export function phoneCandidates(q: string): string[] | null {
  if (!PHONE_LIKE.test(q)) return null;
  const digits = phoneDigits(q);
  if (digits.length < MIN_PHONE_DIGITS || digits.length > MAX_PHONE_DIGITS) return null;
  if (digits.length === 10) return [digits, `1${digits}`];
  if (digits.length === 11 && digits.startsWith('1')) return [digits, digits.slice(1)];
  return [digits];
}

export interface PatientMatch {
  fields: PatientSearchField[];
  condition: SQL;
}

/** What q is matched against, by its shape (see patientSearchQuery); null without q. */
export function matchPatients(raw: string | undefined): PatientMatch | null {
  const q = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (q === '') return null;
  const date = dateOf(q);
  if (date) return { fields: ['dateOfBirth'], condition: eq(users.dateOfBirth, date) };
  const phones = phoneCandidates(q);
  if (phones) {
    const matches = phones.map((digits) => sql`${phoneDigitsExpr} = ${digits}`);
    return { fields: ['phone'], condition: or(...matches) as SQL };
  }
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  const emailMatch = sql`${emailExpr} like ${pattern}`;
  if (q.includes('@')) return { fields: ['email'], condition: emailMatch };
  return {
    fields: ['name', 'email'],
    condition: or(sql`${fullNameExpr} like ${pattern}`, emailMatch) as SQL,
  };
}

/**
 * Patients matching q, newest first, keyset paged on (created_at, id): the cursor is the last
 * patient of the previous page, looked up among patients (a stale or foreign id gives an
 * empty page). No OFFSET and no count.
 */
export async function searchPatients(
  db: DbOrTx,
  query: PatientSearchQuery,
): Promise<PatientSearchData> {
  const match = matchPatients(query.q);
  const conditions: SQL[] = [eq(users.role, 'patient')];
  if (match) conditions.push(match.condition);
  if (query.cursor) {
    const c = alias(users, 'cursor_user');
    const cursor = db
      .select({ createdAt: c.createdAt, id: c.id })
      .from(c)
      .where(and(eq(c.id, query.cursor), eq(c.role, 'patient')));
    conditions.push(sql`(${users.createdAt}, ${users.id}) < (${cursor})`);
  }
  const rows = await db
    .select(patientRowFields)
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toPatientRow),
    nextCursor: rows.length > query.limit && last ? last.userId : null,
    searchedFields: match?.fields ?? [],
  };
}
