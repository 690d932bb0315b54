import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows read as JSON inside one statement and mapped back to what drizzle's own reads return.
 * A read that nests an order's parts as one JSON value is sent and described as one column,
 * where drizzle's relational query describes every column of the order on every execution and
 * maps each through its own walk (the PostgreSQL cart read spent a sixth of its time there).
 */

/** Columns by the names a read gives them (as drizzle's `select({ ... })` takes them). */
export type Selection = Record<string, Column>;

/** What a selection reads: each column's value, null where the column may be null. */
export type SelectionRow<S extends Selection> = {
  [K in keyof S]: S[K]['_']['notNull'] extends true ? S[K]['_']['data'] : S[K]['_']['data'] | null;
};

/** The table's whole row as a JSON object keyed by column name. */
export function rowJson(table: PgTable): SQL {
  return sql`to_json(${table})`;
}

/**
 * Only these columns, as a JSON object keyed by the selection's names: a user's row read for
 * its name never carries its password's hash.
 */
export function selectionJson(selection: Selection): SQL {
  return objectJson(Object.fromEntries(Object.entries(selection).map(([k, c]) => [k, sql`${c}`])));
}

/**
 * The one row of `table` that `where` finds, as JSON (null when none): a scalar subquery; `row`
 * builds it (by default the whole row).
 */
export function oneRowJson(table: PgTable, where: SQL, row: SQL = rowJson(table)): SQL {
  return sql`(select ${row} from ${table} where ${where})`;
}

/**
 * The rows of `table` that `where` finds, in this order, as a JSON array (empty when none);
 * each as `row` builds it (by default the whole row).
 */
export function rowsJson(
  table: PgTable,
  { where, orderBy, row = rowJson(table) }: { where: SQL; orderBy: SQL[]; row?: SQL },
): SQL {
  const order = sql.join(orderBy, sql`, `);
  return sql`coalesce((select json_agg(${row} order by ${order}) from ${table} where ${where}), '[]'::json)`;
}

/** A JSON object of these named values (`json_build_object`). */
export function objectJson(entries: Record<string, SQL>): SQL {
  const pairs = Object.entries(entries).map(
    ([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * Maps a row read with `rowJson` to the row drizzle would have read (property names, dates as
 * `Date`): each column's own conversion from what the database sends, as drizzle does for the
 * JSON of its relational queries.
 */
export function rowFromJson<Table extends PgTable>(
  table: Table,
): (json: Record<string, unknown>) => Table['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table) as Selection);
  return fromJson(columns.map(([key, column]) => ({ key, name: column.name, column })));
}

/** Maps what `selectionJson` read to the selection's row, as `rowFromJson` maps a whole row. */
export function selectionFromJson<S extends Selection>(
  selection: S,
): (json: Record<string, unknown>) => SelectionRow<S> {
  const columns = Object.entries(selection);
  return fromJson(columns.map(([key, column]) => ({ key, name: key, column })));
}

function fromJson<Row>(columns: { key: string; name: string; column: Column }[]) {
  return (json: Record<string, unknown>): Row => {
    const row: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      const value = json[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as Row;
  };
}
