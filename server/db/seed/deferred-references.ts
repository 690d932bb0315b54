import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';

// A bulk load checks its foreign keys once per table at the end instead of once per row: the
// per-row checks were about half of what the database spent seeding a million orders. Only a
// superuser may turn them off (`session_replication_role`); anyone else loads with them on.

/** The rows of a statement (the `pg` driver's answer, for PostgreSQL and PGlite alike). */
async function rowsOf<Row>(db: DbOrTx, statement: SQL): Promise<Row[]> {
  const answer = (await db.execute(statement)) as { rows: Row[] };
  return answer.rows;
}

/** Whether this connection may load rows without their per-row foreign-key checks. */
export async function mayDeferReferenceChecks(db: DbOrTx): Promise<boolean> {
  const [row] = await rowsOf<{ superuser: string }>(
    db,
    sql`select current_setting('is_superuser') as superuser`,
  );
  return row?.superuser === 'on';
}

/** In the transaction given: its rows' foreign keys are not checked as they are written. */
export async function deferReferenceChecks(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`set local session_replication_role = replica`);
}

interface ForeignKey {
  name: string;
  child: string;
  parent: string;
  childColumns: string[];
  parentColumns: string[];
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Every foreign key of these tables, checked over all their rows in one statement each (rows
 * with a null in the key are exempt, as PostgreSQL's own check has them); throws naming the
 * first key a row breaks.
 */
export async function assertReferencesHold(db: DbOrTx, tables: readonly PgTable[]) {
  const names = tables.map((table) => getTableName(table));
  const keys = await rowsOf<ForeignKey>(
    db,
    sql`
    select c.conname as name, c.conrelid::regclass::text as child,
      c.confrelid::regclass::text as parent,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i)
        as "childColumns",
      array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i)
        as "parentColumns"
    from pg_constraint c
    where c.contype = 'f' and c.conrelid::regclass::text in (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )})
    order by c.conname`,
  );
  for (const key of keys) {
    const present = key.childColumns.map((column) => `x.${quoted(column)} is not null`);
    const matches = key.childColumns.map(
      (column, i) => `p.${quoted(key.parentColumns[i] ?? '')} = x.${quoted(column)}`,
    );
    const broken = await rowsOf(
      db,
      sql.raw(
        `select 1 from ${key.child} x where ${present.join(' and ')} and not exists ` +
          `(select 1 from ${key.parent} p where ${matches.join(' and ')}) limit 1`,
      ),
    );
    if (broken.length > 0) {
      throw new Error(`${key.child} has rows that break its foreign key ${key.name}`);
    }
  }
}
