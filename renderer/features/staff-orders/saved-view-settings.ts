import { type SavedViewSettings, staffOrderColumns } from '../../../shared/contracts/staff-orders';
import type { ColumnVisibility } from '../../components/data-table/data-table-types';
import { defaultOrderLookup, type OrderLookup } from './order-lookup';

type OrderColumnName = (typeof staffOrderColumns)[number];

/** The current lookup and shown columns, as a saved view keeps them. */
export function viewSettingsOf(
  lookup: OrderLookup,
  shownColumns: readonly string[],
): SavedViewSettings {
  const filters: NonNullable<SavedViewSettings['filters']> = {};
  if (lookup.status.length > 0) filters.status = lookup.status;
  if (lookup.from) filters.from = lookup.from;
  if (lookup.to) filters.to = lookup.to;
  if (lookup.productId !== null) filters.productId = lookup.productId;
  if (lookup.visitType !== null) filters.visitType = lookup.visitType;
  if (lookup.storefrontId !== null) filters.storefrontId = lookup.storefrontId;
  const columns = shownColumns.filter((id): id is OrderColumnName =>
    (staffOrderColumns as readonly string[]).includes(id),
  );
  return {
    ...(lookup.q.trim() ? { q: lookup.q.trim() } : {}),
    filters,
    sort: lookup.sort,
    dir: lookup.dir,
    columns,
  };
}

/** A saved view as the lookup it stands for, and the columns it shows (null: leave as is). */
export function lookupOfView(view: SavedViewSettings): {
  lookup: OrderLookup;
  visibility: ColumnVisibility | null;
} {
  const filters = view.filters ?? {};
  const lookup: OrderLookup = {
    ...defaultOrderLookup,
    q: view.q ?? '',
    status: filters.status ?? [],
    from: filters.from ?? null,
    to: filters.to ?? null,
    productId: filters.productId ?? null,
    visitType: filters.visitType ?? null,
    storefrontId: filters.storefrontId ?? null,
    sort: view.sort ?? defaultOrderLookup.sort,
    dir: view.dir ?? defaultOrderLookup.dir,
  };
  const visibility =
    view.columns && view.columns.length > 0
      ? Object.fromEntries(staffOrderColumns.map((id) => [id, view.columns?.includes(id) ?? false]))
      : null;
  return { lookup, visibility };
}
