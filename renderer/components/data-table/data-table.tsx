import {
  type RowData,
  type SortingState,
  type Row as TableRow,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { theme } from 'antd';
import {
  type CSSProperties,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ColumnChooser } from './column-chooser';
import { columnWidthCss, fitWidths, useInnerWidth } from './column-widths';
import { DataTableBody, rowDomId } from './data-table-body';
import { DataTableFooter } from './data-table-footer';
import { DataTableHeader } from './data-table-header';
import { DataTableState } from './data-table-state';
import type { ColumnVisibility, DataTableColumn, DataTableProps } from './data-table-types';
import { nextActiveIndex } from './grid-keys';
import { columnDefsOf, type DataTableFeatures, dataTableFeatures, sortingOf } from './table-model';
import { defaultVisibility, usePersistedColumnVisibility } from './use-column-visibility';
import './data-table.css';

/**
 * The console's table: a real grid (role grid, a table element) with a sticky header, rows
 * virtualised so that 10,000 of them scroll as smoothly as 10, server-side sort by header
 * click or keyboard, a column chooser remembered per table, keyboard navigation (arrows,
 * Page Up/Down, Home, End; Enter opens) and pages loaded as the view nears the end.
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const {
    tableId,
    label,
    columns,
    rows,
    rowKey,
    status,
    paging,
    sort,
    onSortChange,
    onOpenRow,
    selectedRowKey,
    toolbar,
    scrollResetKey,
    gridRef,
    rowHeight = 40,
  } = props;
  const { token } = theme.useToken();
  const baseId = useId();
  const gridDomId = `${baseId}-grid`;
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLTableSectionElement>(null);
  const [visibility, setVisibility] = usePersistedColumnVisibility(
    tableId,
    props.columnVisibility,
    props.onColumnVisibilityChange,
  );

  // A column that cannot be hidden is shown whatever a stored choice or a saved view says.
  const shown = useMemo(() => {
    const forced = columns.filter((column) => column.hideable === false).map((c) => [c.id, true]);
    return {
      ...defaultVisibility(columns as readonly DataTableColumn<never>[]),
      ...visibility,
      ...Object.fromEntries(forced),
    };
  }, [columns, visibility]);
  const columnDefs = useMemo(() => columnDefsOf(columns), [columns]);
  const sorting = useMemo(() => sortingOf(sort), [sort]);
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first && onSortChange) onSortChange({ columnId: first.id, desc: first.desc });
    },
    [sorting, onSortChange],
  );
  // Stable options: a new function or state object on each render would make the table
  // rebuild its model of (up to) 10,000 rows.
  const getRowId = useCallback((row: Row) => rowKey(row), [rowKey]);
  const onColumnVisibilityChange = useCallback(
    (updater: Updater<ColumnVisibility>) =>
      setVisibility(typeof updater === 'function' ? updater(visibility) : updater),
    [setVisibility, visibility],
  );
  const state = useMemo(() => ({ sorting, columnVisibility: shown }), [sorting, shown]);
  const table = useTable({
    features: dataTableFeatures,
    columns: columnDefs,
    data: rows as Row[],
    getRowId,
    state,
    onSortingChange,
    onColumnVisibilityChange,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
  });
  const tableRows = table.getRowModel().rows;
  const visibleLeafColumns = table.getVisibleLeafColumns();
  const visibleIds = visibleLeafColumns.map((column) => column.id).join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids say when the list changes
  const shownColumns = useMemo(() => {
    const byId = new Map(columns.map((column) => [column.id, column]));
    return visibleLeafColumns
      .map((column) => byId.get(column.id))
      .filter((column): column is DataTableColumn<Row> => column !== undefined);
  }, [columns, visibleIds]) as readonly DataTableColumn<never>[];

  // The active row is kept by key, so that loading the next page does not move it.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const indexByKey = useMemo(() => new Map(tableRows.map((row, i) => [row.id, i])), [tableRows]);
  const activeIndex = activeKey === null ? -1 : (indexByKey.get(activeKey) ?? -1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the trigger
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setActiveKey(null);
  }, [scrollResetKey]);

  const scrollRowIntoView = useCallback(
    (index: number) => {
      const scroller = scrollRef.current;
      if (!scroller) return;
      const headerHeight = headerRef.current?.offsetHeight ?? 0;
      const top = index * rowHeight;
      const viewTop = scroller.scrollTop;
      const viewHeight = scroller.clientHeight - headerHeight;
      if (top < viewTop) scroller.scrollTop = top;
      else if (top + rowHeight > viewTop + viewHeight) {
        scroller.scrollTop = top + rowHeight - viewHeight;
      }
    },
    [rowHeight],
  );

  // Read through refs so that the callback, and so every memoised row, never changes.
  const latest = useRef({ tableRows, onOpenRow });
  latest.current = { tableRows, onOpenRow };
  const onRowClick = useCallback((index: number) => {
    const row = latest.current.tableRows[index];
    if (!row) return;
    setActiveKey(row.id);
    latest.current.onOpenRow?.(row.original);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      const row = tableRows[activeIndex];
      if (row && onOpenRow) {
        event.preventDefault();
        onOpenRow(row.original);
      }
      return;
    }
    const scroller = scrollRef.current;
    const pageSize = Math.max(1, Math.floor((scroller?.clientHeight ?? 400) / rowHeight) - 2);
    const next = nextActiveIndex(event.key, activeIndex, tableRows.length, pageSize);
    if (next === null) return;
    event.preventDefault();
    const row = tableRows[next];
    if (!row) return;
    setActiveKey(row.id);
    scrollRowIntoView(next);
  };

  const onFocus = () => {
    if (activeIndex < 0 && tableRows[0]) setActiveKey(tableRows[0].id);
  };

  const innerWidth = useInnerWidth(scrollRef);
  const widths = fitWidths(
    visibleLeafColumns.map((column) => column.getSize()),
    innerWidth,
  );
  const minWidth = widths.reduce((sum, width) => sum + width, 0);
  const busy = status === 'pending' || paging?.loadingMore === true || paging?.refreshing === true;
  const themeVars = {
    '--dt-border': token.colorBorderSecondary,
    '--dt-header-bg': token.colorFillAlter,
    '--dt-hover-bg': token.controlItemBgHover,
    '--dt-active-bg': token.controlItemBgActive,
    '--dt-focus': token.colorPrimary,
    '--dt-text-secondary': token.colorTextSecondary,
    '--dt-row-height': `${rowHeight}px`,
  } as CSSProperties;

  return (
    <div className="dt" style={themeVars}>
      <div className="dt-toolbar">
        <div className="dt-toolbar-start">{toolbar}</div>
        <ColumnChooser
          columns={columns as readonly DataTableColumn<never>[]}
          visibility={visibility}
          onChange={setVisibility}
        />
      </div>
      <style>{columnWidthCss(gridDomId, widths)}</style>
      <div className="dt-scroll" ref={scrollRef}>
        <table
          ref={gridRef}
          className="dt-table"
          // A table element keeps the native rows and cells; the grid role adds the keyboard model.
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: it is an interactive grid
          role="grid"
          aria-label={label}
          aria-busy={busy}
          aria-rowcount={paging?.hasMore ? -1 : tableRows.length + 1}
          aria-activedescendant={activeIndex >= 0 ? rowDomId(baseId, activeIndex) : undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          id={gridDomId}
          style={{ width: minWidth }}
        >
          <DataTableHeader headerGroups={table.getHeaderGroups()} headerRef={headerRef} />
          {status === 'success' ? (
            <DataTableBody
              rows={tableRows as readonly TableRow<DataTableFeatures, RowData>[]}
              scrollRef={scrollRef}
              rowHeight={rowHeight}
              baseId={baseId}
              activeIndex={activeIndex}
              selectedRowKey={selectedRowKey ?? null}
              columns={shownColumns}
              onRowClick={onRowClick}
              paging={paging}
            />
          ) : (
            <tbody className="dt-body" />
          )}
        </table>
        <DataTableState
          status={status}
          empty={status === 'success' && tableRows.length === 0}
          error={props.error}
          emptyText={props.emptyText}
          onRetry={props.onRetry}
        />
        {status === 'success' && tableRows.length > 0 && (
          <DataTableFooter rowCount={tableRows.length} paging={paging} />
        )}
      </div>
    </div>
  );
}
