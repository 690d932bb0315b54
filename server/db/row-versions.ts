import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The versions of the rows a read is made from, as text, so that a process can ask the
 * database whether what it made from them before is still what they hold. A row's version is
 * the transaction that wrote it (PostgreSQL's `xmin`): every insert and update writes a new
 * version of the row under its own transaction, so a row that changed never shows its old
 * version again (a transaction writes a row once as others can see it). Together with the ids
 * of a set of rows, a row added or removed changes the text too.
 */

/** The version of `table`'s row in the statement's `from` (null when none). */
export function rowVersion(table: PgTable): SQL {
  return sql`${table}.xmin::text`;
}

/** The version of the one row of `table` that `where` finds (null when none). */
export function oneRowVersion(table: PgTable, where: SQL): SQL {
  return sql`(select ${rowVersion(table)} from ${table} where ${where})`;
}

/**
 * The ids and versions of the rows of `table` that `where` finds (null when none), each with
 * `more` beside it (the version of a row it points to).
 */
export function rowsVersion(
  table: PgTable,
  { where, id, more }: { where: SQL; id: AnyColumn; more?: SQL },
): SQL {
  const each = more
    ? sql`${id}::text || '.' || ${rowVersion(table)} || '.' || coalesce(${more}, '')`
    : sql`${id}::text || '.' || ${rowVersion(table)}`;
  return sql`(select string_agg(${each}, ',' order by ${id}) from ${table} where ${where})`;
}

/**
 * These versions as one text, each in its place (a missing one empty, never skipped), after the
 * id of the row they belong to: two rows written by one transaction never share a text.
 */
export function versionsText(id: AnyColumn, versions: SQL[]): SQL {
  return sql`concat(${id}::text, ':', ${sql.join(versions, sql`, ':', `)})`;
}

/**
 * Joins the versions of a row's read into the statement's `from`, for `versionedJson` (as
 * `read_versions.version`): computed once a row (`offset 0` keeps PostgreSQL from copying the
 * expression into each place that uses it, where it would be computed again).
 */
export function joinVersions(versions: SQL): SQL {
  return sql`cross join lateral (select ${versions} as version offset 0) as read_versions`;
}

/**
 * `{ version, read }` of a row joined with `joinVersions`: its versions, and what `read` reads
 * unless the versions are `known` (what the caller already made something from).
 */
export function versionedJson(read: SQL, known: SQL): SQL {
  return sql`json_build_object('version', read_versions.version, 'read',
    case when read_versions.version = ${known} then null else ${read} end)`;
}
