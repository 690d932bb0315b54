import { type Column, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows read as JSON inside one statement and mapped back to what drizzle's own reads return.
 * A read that nests an order's parts as one JSON value is sent and described as one column,
 * where drizzle's relational query describes every column of the order on every execution and
 * maps each through its own walk (the PostgreSQL cart read spent a sixth of its time there).
 */

type Columns<Table extends PgTable> = Table['_']['columns'];
type Picked<Table extends PgTable, Keys extends keyof Columns<Table>> = Pick<
  Table['$inferSelect'],
  Keys & keyof Table['$inferSelect']
>;

/**
 * The table's row (every column, or only those picked) as a JSON object keyed by column name.
 * Only the picked columns are read: a user's row gives its name, never its password's hash.
 */
export function rowJson(table: PgTable, pick?: readonly string[]): SQL {
  if (!pick) return sql`to_json(${table})`;
  const columns = getTableColumns(table) as Record<string, Column>;
  const pairs = pick.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    // Column names are the schema's own identifiers, never input: written into the statement.
    return sql`${sql.raw(`'${column.name}'`)}, ${column}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The one row of `table` that `where` finds, as JSON (null when none): a scalar subquery. */
export function oneRowJson(table: PgTable, where: SQL, pick?: readonly string[]): SQL {
  return sql`(select ${rowJson(table, pick)} from ${table} where ${where})`;
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
): (json: Record<string, unknown>) => Table['$inferSelect'];
export function rowFromJson<Table extends PgTable, Keys extends keyof Columns<Table> & string>(
  table: Table,
  pick: readonly Keys[],
): (json: Record<string, unknown>) => Picked<Table, Keys>;
export function rowFromJson(table: PgTable, pick?: readonly string[]) {
  const all = getTableColumns(table) as Record<string, Column>;
  const columns = (pick ?? Object.keys(all)).map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, name: column.name, column };
  });
  return (json: Record<string, unknown>) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      const value = json[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row;
  };
}
