import {
  type ColumnDef,
  columnSizingFeature,
  columnVisibilityFeature,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
} from '@tanstack/react-table';
import type { DataTableColumn, DataTableSort } from './data-table-types';

/**
 * The react-table features every DataTable uses: column sizes, column visibility (the column
 * chooser) and sorting state (the server sorts: `manualSorting`, so no client sort model is registered).
 */
export const dataTableFeatures = tableFeatures({
  columnSizingFeature,
  columnVisibilityFeature,
  rowSortingFeature,
  columnMeta: {} as { align?: 'start' | 'end' },
});
export type DataTableFeatures = typeof dataTableFeatures;

/** Our column descriptions as react-table column definitions. */
export function columnDefsOf<Row extends RowData>(
  columns: readonly DataTableColumn<Row>[],
): ColumnDef<DataTableFeatures, Row>[] {
  return columns.map((column) => ({
    id: column.id,
    header: column.header,
    // Sorting needs an accessor; the value is never read (the server sorts).
    accessorFn: (_row: Row, index: number) => index,
    cell: (context) => column.cell(context.row.original),
    size: column.width,
    enableSorting: column.sortable === true,
    sortDescFirst: column.sortDescFirst === true,
    enableHiding: column.hideable !== false,
    meta: { align: column.align ?? 'start' },
  }));
}

export function sortingOf(sort: DataTableSort | null | undefined): SortingState {
  return sort ? [{ id: sort.columnId, desc: sort.desc }] : [];
}
