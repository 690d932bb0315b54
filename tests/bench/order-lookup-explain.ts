import type { Database } from '../../server/db/client';
import { afterCursor, lookupQuery } from '../../server/modules/staff-orders/lookup-query';
import { filtersOf } from '../../server/modules/staff-orders/lookup-service';
import {
  decodeCursor,
  resolveSort,
  sortKeysOf,
} from '../../server/modules/staff-orders/order-cursor';
import {
  matchPatients,
  patientMatchQuery,
} from '../../server/modules/staff-orders/search-condition';
import { searchTermsOf } from '../../server/modules/staff-orders/search-terms';
import {
  DEFAULT_SORT_DIRECTION,
  DEFAULT_STAFF_ORDER_SORT,
  staffOrderListQuery,
} from '../../shared/contracts/staff-orders';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL the server runs for one lookup request, built by the
 * server's own query code from the same query string, so the plan is the one the API ran.
 */

const planLines = Number(process.env.BENCH_LOOKUP_PLAN_LINES ?? 40);

/**
 * The lookup's SQL statements for a request path: the search's patients when it searches
 * patient fields, then the page (one statement, or one per range after a cursor).
 */
export async function lookupStatements(database: Database, path: string) {
  const url = new URL(path, 'http://bench');
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const before = raw[key];
    raw[key] = before === undefined ? value : [...[before].flat(), value];
  }
  const { limit, cursor: cursorText, ...lookup } = staffOrderListQuery.parse(raw);
  const cursor = cursorText ? decodeCursor(cursorText) : null;
  const sort = resolveSort(lookup, cursor, {
    sort: DEFAULT_STAFF_ORDER_SORT,
    dir: DEFAULT_SORT_DIRECTION,
  });
  const { db } = database;
  const terms = searchTermsOf(lookup.q);
  const request = {
    terms,
    patients: await matchPatients(db, terms),
    filters: filtersOf(lookup),
    keys: sortKeysOf(sort.sort, sort.dir),
    after: cursor?.values ?? null,
    limit: limit + 1,
  };
  const patients = patientMatchQuery(db, terms)?.toSQL();
  const pages = request.after
    ? afterCursor(request.keys, request.after).map((after) =>
        lookupQuery(db, request, after).toSQL(),
      )
    : [lookupQuery(db, request).toSQL()];
  return patients ? [patients, ...pages] : pages;
}

interface Client {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The plan of each statement, with the indexes it used and any sequential scan named. */
export async function explainLookup(client: Client, database: Database, path: string) {
  const out: string[] = [];
  for (const [n, statement] of (await lookupStatements(database, path)).entries()) {
    const result = await client.query(
      `explain (analyze, buffers, format text) ${statement.sql}`,
      statement.params,
    );
    const lines = result.rows.map((row) => String(row['QUERY PLAN']));
    const indexes = [
      ...new Set(
        lines.flatMap((l) =>
          [...l.matchAll(/(?: using|Bitmap Index Scan on) (\w+)/g)].map((m) => m[1]),
        ),
      ),
    ];
    const seqScans = [
      ...new Set(lines.flatMap((l) => [...l.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))),
    ];
    const time = lines.find((l) => l.startsWith('Execution Time'));
    out.push(
      `  statement ${n + 1}: ${time ?? ''}; indexes: ${indexes.join(', ') || 'none'}` +
        (seqScans.length > 0 ? `; SEQ SCAN on ${seqScans.join(', ')}` : ''),
    );
    // A listed patients' array runs to thousands of ids: a line keeps its start.
    for (const line of lines.slice(0, planLines)) {
      out.push(`    ${line.length > 240 ? `${line.slice(0, 240)}…` : line}`);
    }
    if (lines.length > planLines) out.push(`    … ${lines.length - planLines} more lines`);
  }
  return out.join('\n');
}
