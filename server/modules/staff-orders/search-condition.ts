import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { orders } from '../../db/schema/orders';
import { likeEscape, type SearchTerms } from './search-terms';

/**
 * A search text as a condition on orders (DESIGN §7). Patient fields are matched on users
 * first (matchPatients) and the page then asks for those patients' orders by id: as a
 * semi-join, PostgreSQL guessed how many orders match, walked the orders newest first
 * probing each one's patient, and read tens of thousands of rows for a rare name (70 ms and
 * more over 1,000,000 orders).
 */

/** The patients a search matches. */
const searched = alias(users, 'searched_patient');

/**
 * Up to this many matching patients are listed by id. Then the page's query knows how many
 * orders can match (about five a patient) and picks the right plan: their orders by user id
 * when they are few, or the orders newest first with a hashed test of the user id when they
 * are many. A text matching more patients than this is common (a few percent of them): the
 * orders newest first meet a page of them within a few thousand rows.
 */
export const MAX_LISTED_PATIENTS = 5000;

/** The expressions of migration 0005's indexes, written the same way so the planner uses them. */
const fullNameExpr = sql`lower(${searched.firstName} || ' ' || ${searched.lastName})`;
const emailExpr = sql`lower(${searched.email})`;
const phoneDigitsExpr = sql`regexp_replace(coalesce(${searched.phone}, ''), '\\D', '', 'g')`;

/**
 * The email contains the text. A domain is shared by many patients, so its trigrams are in
 * most rows and make the trigram index read long lists (16 ms at 200,000 patients): when the
 * text has a local part, the index is asked for the local part and its @ only, and the whole
 * text is then checked on those few rows (strpos, which the index leaves alone).
 */
function emailContains(text: string): SQL {
  const at = text.indexOf('@');
  const whole = sql`${emailExpr} like ${`%${likeEscape(text)}%`}`;
  if (at < 3 || at === text.length - 1) return whole;
  const local = text.slice(0, at + 1);
  return sql`(${emailExpr} like ${`%${likeEscape(local)}%`} and strpos(${emailExpr}, ${text}) > 0)`;
}

function patientConditions(terms: SearchTerms): SQL[] {
  const matches: SQL[] = [];
  if (terms.dateOfBirth) matches.push(eq(searched.dateOfBirth, terms.dateOfBirth));
  if (terms.emailContains) matches.push(emailContains(terms.emailContains));
  if (terms.nameContains) {
    matches.push(sql`${fullNameExpr} like ${`%${likeEscape(terms.nameContains)}%`}`);
  }
  if (terms.phoneDigits) {
    matches.push(
      sql`${phoneDigitsExpr} in (${sql.join(
        terms.phoneDigits.map((d) => sql`${d}`),
        sql`, `,
      )})`,
    );
  }
  return matches;
}

/**
 * The patients a search's patient fields match: their ids, or 'many' past MAX_LISTED_PATIENTS
 * (then matched in the page's own query), or null when it searches no patient field.
 */
export type PatientMatch = readonly string[] | 'many' | null;

/** The query of matchPatients, not yet run (null when the search has no patient field). */
export function patientMatchQuery(db: DbOrTx, terms: SearchTerms | null) {
  if (!terms || terms.impossible) return null;
  const conditions = patientConditions(terms);
  if (conditions.length === 0) return null;
  return db
    .select({ id: searched.id })
    .from(searched)
    .where(or(...conditions))
    .limit(MAX_LISTED_PATIENTS + 1);
}

export async function matchPatients(db: DbOrTx, terms: SearchTerms | null): Promise<PatientMatch> {
  const query = patientMatchQuery(db, terms);
  if (!query) return null;
  const rows = await query;
  return rows.length > MAX_LISTED_PATIENTS ? 'many' : rows.map((row) => row.id);
}

/** The search as one condition on orders, given what matchPatients found for it. */
export function searchCondition(db: DbOrTx, terms: SearchTerms, patients: PatientMatch): SQL {
  if (terms.impossible) return sql`false`;
  const matches: SQL[] = [];
  if (patients === 'many') {
    matches.push(
      inArray(
        orders.userId,
        db
          .select({ id: searched.id })
          .from(searched)
          .where(or(...patientConditions(terms))),
      ),
    );
  } else if (patients && patients.length > 0) {
    // One array parameter, not thousands of them.
    matches.push(sql`${orders.userId} = any(${sql.param([...patients])}::uuid[])`);
  }
  if (terms.orderNumberPrefix) {
    // Case-insensitive by lower() (the text is ASCII letters, digits and dashes): a range on
    // migration 0007's btree, where ilike could only use the trigram index.
    const prefix = terms.orderNumberPrefix.toLowerCase();
    matches.push(sql`lower(${orders.orderNumber}) like ${`${likeEscape(prefix)}%`}`);
  }
  if (terms.orderNumberContains) {
    matches.push(sql`${orders.orderNumber} like ${`%${likeEscape(terms.orderNumberContains)}%`}`);
  }
  return or(...matches) ?? sql`false`;
}
