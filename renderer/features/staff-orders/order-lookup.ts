import {
  DEFAULT_SORT_DIRECTION,
  DEFAULT_STAFF_ORDER_SORT,
  isCalendarDay,
  MAX_STAFF_ORDER_QUERY_LENGTH,
  type SortDirection,
  type StaffOrderSort,
  sortDirections,
  staffOrderSorts,
} from '../../../shared/contracts/staff-orders';
import { type PlacedOrderStatus, placedOrderStatuses } from '../../../shared/orders/statuses';

export type { PlacedOrderStatus };
export type VisitTypeFilter = 1 | 2 | 3;

/** One order search as the console holds it: the search text, the filters and the sort. */
export interface OrderLookup {
  q: string;
  status: PlacedOrderStatus[];
  from: string | null;
  to: string | null;
  productId: number | null;
  visitType: VisitTypeFilter | null;
  storefrontId: number | null;
  sort: StaffOrderSort;
  dir: SortDirection;
}

export const defaultOrderLookup: OrderLookup = {
  q: '',
  status: [],
  from: null,
  to: null,
  productId: null,
  visitType: null,
  storefrontId: null,
  sort: DEFAULT_STAFF_ORDER_SORT,
  dir: DEFAULT_SORT_DIRECTION,
};

/**
 * The lookup as query parameters of GET /api/staff/orders and its CSV export: empty filters
 * left out, statuses as one comma list (the form the server reads either way). The same
 * object is the react-query key, so two equal searches share their cached pages.
 */
export function lookupParams(lookup: OrderLookup): Record<string, string> {
  const params: Record<string, string> = {};
  const q = lookup.q.trim();
  if (q) params.q = q;
  if (lookup.status.length > 0) params.status = [...lookup.status].sort().join(',');
  if (lookup.from) params.from = lookup.from;
  if (lookup.to) params.to = lookup.to;
  if (lookup.productId !== null) params.productId = String(lookup.productId);
  if (lookup.visitType !== null) params.visitType = String(lookup.visitType);
  if (lookup.storefrontId !== null) params.storefrontId = String(lookup.storefrontId);
  params.sort = lookup.sort;
  params.dir = lookup.dir;
  return params;
}

const positiveId = (text: string | null): number | null => {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const value = Number(text);
  return value <= 2_147_483_647 ? value : null;
};

/**
 * A lookup read from an address's query string (`#/orders?q=...&status=paid,shipped`).
 * Anything the server would refuse is dropped, so a pasted or stale link still opens.
 */
export function lookupFromSearch(search: URLSearchParams): OrderLookup {
  const q = (search.get('q') ?? '').slice(0, MAX_STAFF_ORDER_QUERY_LENGTH);
  const status = (search.get('status') ?? '')
    .split(',')
    .filter((value): value is PlacedOrderStatus =>
      (placedOrderStatuses as readonly string[]).includes(value),
    );
  const day = (name: string) => {
    const value = search.get(name);
    return value && isCalendarDay(value) ? value : null;
  };
  const visit = Number(search.get('visitType'));
  const sort = search.get('sort');
  const dir = search.get('dir');
  return {
    q,
    status: [...new Set(status)],
    from: day('from'),
    to: day('to'),
    productId: positiveId(search.get('productId')),
    visitType: visit === 1 || visit === 2 || visit === 3 ? visit : null,
    storefrontId: positiveId(search.get('storefrontId')),
    sort: (staffOrderSorts as readonly string[]).includes(sort ?? '')
      ? (sort as StaffOrderSort)
      : DEFAULT_STAFF_ORDER_SORT,
    dir: (sortDirections as readonly string[]).includes(dir ?? '')
      ? (dir as SortDirection)
      : DEFAULT_SORT_DIRECTION,
  };
}

/** The lookup as an address's query string, leaving out what is the default. */
export function searchOfLookup(lookup: OrderLookup): URLSearchParams {
  const params = lookupParams(lookup);
  if (params.sort === DEFAULT_STAFF_ORDER_SORT) delete params.sort;
  if (params.dir === DEFAULT_SORT_DIRECTION) delete params.dir;
  return new URLSearchParams(params);
}

/** Whether any filter (not the search text, not the sort) narrows the lookup. */
export function hasFilters(lookup: OrderLookup): boolean {
  return (
    lookup.status.length > 0 ||
    lookup.from !== null ||
    lookup.to !== null ||
    lookup.productId !== null ||
    lookup.visitType !== null ||
    lookup.storefrontId !== null
  );
}
