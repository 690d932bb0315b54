import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatMoney } from '../../../shared/cart/money';
import {
  DEFAULT_SORT_DIRECTION,
  DEFAULT_STAFF_ORDER_SORT,
  MAX_EXPORT_ROWS,
  type StaffOrderExportQuery,
  type StaffOrderRow,
} from '../../../shared/contracts/staff-orders';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { lookupOrders } from './lookup-query';
import { filtersOf, searchSummary } from './lookup-service';
import { type KeyValue, keyValuesOf, sortKeysOf } from './order-cursor';
import { shapeRows } from './order-rows';
import { searchTermsOf } from './search-terms';

/** Rows read per query: the export walks the same keyset as the list, a batch at a time. */
export const EXPORT_BATCH_SIZE = 1000;

const columns = [
  { key: 'orderNumber', header: 'Order number' },
  { key: 'created', header: 'Created' },
  { key: 'status', header: 'Status' },
  { key: 'patientName', header: 'Patient name' },
  { key: 'email', header: 'Email' },
  { key: 'phone', header: 'Phone' },
  { key: 'total', header: 'Total' },
  { key: 'products', header: 'Products' },
];

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or return before one) as a
 * formula (OWASP "CSV injection"): such text written by a patient gets a leading quote.
 */
export function inertCell(value: string | null | undefined): string {
  if (!value) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvRecord(row: StaffOrderRow) {
  return {
    orderNumber: inertCell(row.orderNumber),
    created: row.createdAt,
    status: row.status,
    patientName: inertCell(row.patient?.name),
    email: inertCell(row.patient?.email),
    phone: inertCell(row.patient?.phone),
    total: formatMoney(row.totalCents),
    products: inertCell(row.products.join('; ')),
  };
}

/** Every matching row, read in keyset batches, up to MAX_EXPORT_ROWS. */
async function* exportRecords(db: DbOrTx, query: StaffOrderExportQuery) {
  const keys = sortKeysOf(
    query.sort ?? DEFAULT_STAFF_ORDER_SORT,
    query.dir ?? DEFAULT_SORT_DIRECTION,
  );
  const terms = searchTermsOf(query.q);
  const filters = filtersOf(query);
  let after: KeyValue[] | null = null;
  let sent = 0;
  while (sent < MAX_EXPORT_ROWS) {
    const batch = await lookupOrders(db, {
      terms,
      filters,
      keys,
      after,
      limit: Math.min(EXPORT_BATCH_SIZE, MAX_EXPORT_ROWS - sent),
    });
    const last = batch.at(-1);
    if (!last) return;
    for (const row of await shapeRows(db, batch)) yield csvRecord(row);
    sent += batch.length;
    if (batch.length < EXPORT_BATCH_SIZE) return;
    after = keyValuesOf(last, keys);
  }
}

export function exportFileName(now = new Date()): string {
  return `orders-${now.toISOString().slice(0, 10).replaceAll('-', '')}.csv`;
}

/**
 * The export as a CSV stream: rows are written as their batches arrive, so memory stays flat
 * whatever the size. Audited first (as 'staff.orders.export', with the filters, never the
 * search text): the read is attempted even if the client hangs up half-way.
 */
export async function exportOrdersCsv(
  db: DbOrTx,
  context: RequestContext,
  query: StaffOrderExportQuery,
): Promise<Readable> {
  const sort = {
    sort: query.sort ?? DEFAULT_STAFF_ORDER_SORT,
    dir: query.dir ?? DEFAULT_SORT_DIRECTION,
  };
  await writeAudit(db, context, {
    action: 'staff.orders.export',
    outcome: 'success',
    detail: { ...searchSummary(searchTermsOf(query.q), filtersOf(query), sort), format: 'csv' },
  });
  const source = Readable.from(exportRecords(db, query));
  const csv = stringify({ header: true, columns });
  source.on('error', (error) => {
    context.log?.error({ err: error }, 'order export failed mid-stream');
    csv.destroy(error);
  });
  return source.pipe(csv);
}
