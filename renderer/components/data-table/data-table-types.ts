import type { RowData } from '@tanstack/react-table';
import type { ReactNode, Ref } from 'react';

/** One column of a DataTable: what it shows and how the user may act on it. */
export interface DataTableColumn<Row> {
  /** Unique in the table; also the sort key sent to the server when the column sorts. */
  id: string;
  header: string;
  /**
   * The cell's content. It runs for every row scrolled into view, so keep it cheap: format,
   * do not compute.
   */
  cell: (row: Row) => ReactNode;
  /** Width in CSS pixels; columns share extra room in proportion to their widths. */
  width: number;
  align?: 'start' | 'end';
  /** The server can sort by this column. */
  sortable?: boolean;
  /** The first click sorts descending (newest or largest first). */
  sortDescFirst?: boolean;
  /** False keeps the column always shown (it has no checkbox in the column chooser). */
  hideable?: boolean;
  /** Hidden until the user asks for it. */
  defaultHidden?: boolean;
}

export interface DataTableSort {
  columnId: string;
  desc: boolean;
}

/** Shown / hidden by column id; a column missing here takes its default. */
export type ColumnVisibility = Record<string, boolean>;

export type DataTableStatus = 'pending' | 'error' | 'success';

/** What a DataTable needs to know about the server's pages behind its rows. */
export interface DataTablePaging {
  /** The server has more rows after the last one loaded (and the hold limit is not reached). */
  hasMore: boolean;
  /** The next page is on its way. */
  loadingMore: boolean;
  /** The rows shown are being replaced (a new sort or filter, a refresh): the grid is busy. */
  refreshing: boolean;
  /** Loading the next page failed: the footer says so and offers to try again. */
  loadMoreError: ReactNode | null;
  /** The table holds as many rows as it may: it stops loading and says so. */
  limitReached: boolean;
  loadMore(): void;
}

export interface DataTableProps<Row extends RowData> {
  /** Names the table's saved column choice (localStorage), e.g. "staff-orders". */
  tableId: string;
  /** The accessible name of the grid. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  status: DataTableStatus;
  /** What went wrong when status is error. */
  error?: ReactNode;
  onRetry?(): void;
  emptyText?: ReactNode;
  paging?: DataTablePaging;
  sort?: DataTableSort | null;
  onSortChange?(sort: DataTableSort): void;
  /** Enter on the active row, or a click on a row. */
  onOpenRow?(row: Row): void;
  /** The row shown elsewhere (an open drawer), marked as selected. */
  selectedRowKey?: string | null;
  /** Controlled column visibility (e.g. from a saved view); else kept per tableId. */
  columnVisibility?: ColumnVisibility;
  onColumnVisibilityChange?(visibility: ColumnVisibility): void;
  /** Controls shown above the grid, left of the column chooser. */
  toolbar?: ReactNode;
  /** When this changes (a new search or sort), the grid scrolls back to the top. */
  scrollResetKey?: string;
  /** The focusable grid element, e.g. to give it the focus back when a drawer closes. */
  gridRef?: Ref<HTMLTableElement>;
  /** Row height in pixels (fixed: every row is the same height, which keeps scrolling cheap). */
  rowHeight?: number;
}
