import type { Row, RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useReducer } from 'react';
import { DataTableRow } from './data-table-row';
import type { DataTableColumn, DataTablePaging } from './data-table-types';
import type { DataTableFeatures } from './table-model';

/** Rows rendered beyond the visible ones on each side: enough for a fast wheel flick. */
const OVERSCAN = 12;
/** The next page is asked for when this many loaded rows are left below the view. */
const LOAD_AHEAD_ROWS = 60;

export interface DataTableBodyProps {
  rows: readonly Row<DataTableFeatures, RowData>[];
  scrollRef: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  baseId: string;
  activeIndex: number;
  selectedRowKey: string | null;
  columns: readonly DataTableColumn<never>[];
  /** Stable across renders: rows are memoised on it. */
  onRowClick(index: number): void;
  paging?: DataTablePaging;
}

/** The id of a row element, for aria-activedescendant. */
export const rowDomId = (baseId: string, index: number) => `${baseId}-row-${index}`;

/**
 * The virtualised rows. Only this component re-renders while scrolling (the table model and
 * header above it do not), and each frame mounts only the rows that came into view.
 */
export function DataTableBody(props: DataTableBodyProps) {
  const { rows, scrollRef, rowHeight, baseId, activeIndex, selectedRowKey, columns } = props;
  // Stable callbacks: a new getItemKey on each scroll frame would make the virtualiser
  // recompute the positions of every row (10,000 objects) on every frame.
  const getScrollElement = useCallback(() => scrollRef.current, [scrollRef]);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize,
    overscan: OVERSCAN,
    getItemKey,
  });
  // On the first commit this body's layout effects (where the virtualiser looks for its scroll
  // box) run before the parent attaches the box's ref: rows given on the very first render
  // would stay unrendered until something else re-rendered. One more render once mounted.
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (virtualizer.scrollElement !== scrollRef.current) renderAgain();
  }, [virtualizer, scrollRef]);
  const items = virtualizer.getVirtualItems();

  const lastRendered = items.at(-1)?.index ?? -1;
  const { hasMore, loadingMore, loadMoreError, loadMore } = props.paging ?? {};
  useEffect(() => {
    if (!hasMore || loadingMore || loadMoreError || !loadMore) return;
    if (lastRendered >= rows.length - LOAD_AHEAD_ROWS) loadMore();
  }, [hasMore, loadingMore, loadMoreError, loadMore, lastRendered, rows.length]);

  return (
    <tbody className="dt-body" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <DataTableRow
            key={row.id}
            original={row.original}
            index={item.index}
            domId={rowDomId(baseId, item.index)}
            start={item.start}
            height={rowHeight}
            active={item.index === activeIndex}
            selected={row.id === selectedRowKey}
            columns={columns}
            onRowClick={props.onRowClick}
          />
        );
      })}
    </tbody>
  );
}
