import {
  DEFAULT_SORT_DIRECTION,
  DEFAULT_STAFF_ORDER_SORT,
  type SortDirection,
  type StaffOrderExportQuery,
  type StaffOrderFilters,
  type StaffOrderListData,
  type StaffOrderListQuery,
  type StaffOrderSort,
} from '../../../shared/contracts/staff-orders';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { lookupOrders } from './lookup-query';
import { decodeCursor, encodeCursor, keyValuesOf, resolveSort, sortKeysOf } from './order-cursor';
import { shapeRows } from './order-rows';
import { type SearchTerms, searchTermsOf } from './search-terms';

const defaults = { sort: DEFAULT_STAFF_ORDER_SORT, dir: DEFAULT_SORT_DIRECTION };

export function filtersOf(query: StaffOrderExportQuery): StaffOrderFilters {
  const { q: _q, sort: _sort, dir: _dir, ...filters } = query;
  return filters;
}

/**
 * What the audit log keeps of a search: which fields were searched, the filters and the sort.
 * Never the search text: it is a patient's name, email, phone or date of birth.
 */
export function searchSummary(
  terms: SearchTerms | null,
  filters: StaffOrderFilters,
  sort: { sort: StaffOrderSort; dir: SortDirection },
): Record<string, unknown> {
  return {
    searchedFields: terms?.fields ?? [],
    filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)),
    sort: sort.sort,
    dir: sort.dir,
  };
}

/** One page of the lookup, audited as one 'staff.orders.search'. */
export async function listStaffOrders(
  db: DbOrTx,
  context: RequestContext,
  query: StaffOrderListQuery,
): Promise<StaffOrderListData> {
  const { limit, cursor: cursorText, ...lookup } = query;
  const cursor = cursorText ? decodeCursor(cursorText) : null;
  const sort = resolveSort(lookup, cursor, defaults);
  const keys = sortKeysOf(sort.sort, sort.dir);
  const terms = searchTermsOf(lookup.q);
  const filters = filtersOf(lookup);

  const found = await lookupOrders(db, {
    terms,
    filters,
    keys,
    after: cursor?.values ?? null,
    limit: limit + 1,
  });
  const page = found.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    found.length > limit && last
      ? encodeCursor({ ...sort, values: keyValuesOf(last, keys) })
      : null;

  // Side by side on two pool connections: the audit row does not wait for the page's items.
  const [rows] = await Promise.all([
    shapeRows(db, page),
    writeAudit(db, context, {
      action: 'staff.orders.search',
      outcome: 'success',
      detail: { ...searchSummary(terms, filters, sort), page: cursor ? 'next' : 'first', limit },
    }),
  ]);
  return { rows, nextCursor };
}
