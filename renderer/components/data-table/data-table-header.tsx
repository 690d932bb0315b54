import { flexRender, type HeaderGroup, type RowData } from '@tanstack/react-table';
import type { Ref } from 'react';
import type { DataTableFeatures } from './table-model';

/**
 * The sticky header. A sortable column's title is a button (Enter or Space sorts, like a
 * click); the column announces its order with aria-sort.
 */
export function DataTableHeader<Row extends RowData>({
  headerGroups,
  headerRef,
}: {
  headerGroups: HeaderGroup<DataTableFeatures, Row>[];
  headerRef: Ref<HTMLTableSectionElement>;
}) {
  return (
    <thead className="dt-head" ref={headerRef}>
      {headerGroups.map((group) => (
        <tr key={group.id} aria-rowindex={1} className="dt-head-row">
          {group.headers.map((header, position) => {
            const column = header.column;
            const sorted = column.getIsSorted();
            const title = flexRender(column.columnDef.header, header.getContext());
            return (
              <th
                key={header.id}
                scope="col"
                className={`dt-head-cell dt-c${position}`}
                data-align={column.columnDef.meta?.align}
                aria-sort={
                  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                }
              >
                {column.getCanSort() ? (
                  <button
                    type="button"
                    className="dt-sort-button"
                    onClick={column.getToggleSortingHandler()}
                  >
                    <span>{title}</span>
                    <SortIcon sorted={sorted} />
                  </button>
                ) : (
                  title
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  // Plain characters: no icon font or extra package for two arrows.
  const glyph = sorted === 'asc' ? '↑' : sorted === 'desc' ? '↓' : '↕';
  return (
    <span aria-hidden className={sorted ? 'dt-sort-icon' : 'dt-sort-icon dt-sort-icon-idle'}>
      {glyph}
    </span>
  );
}
