import { memo } from 'react';
import type { DataTableColumn } from './data-table-types';

export interface DataTableRowProps {
  original: unknown;
  index: number;
  domId: string;
  start: number;
  height: number;
  active: boolean;
  selected: boolean;
  /** The shown columns, in order (a new list when columns are shown or hidden). */
  columns: readonly DataTableColumn<never>[];
  onRowClick(index: number): void;
}

/**
 * One row, placed by transform (no other row moves) and memoised: a scroll frame renders only
 * the rows that came into view. Cells call the column's own renderer directly, and carry no
 * inline style: a component, a context object or a style per cell would cost frames when
 * thousands of rows scroll past.
 */
export const DataTableRow = memo(function DataTableRow({
  original,
  index,
  domId,
  start,
  height,
  active,
  selected,
  columns,
  onRowClick,
}: DataTableRowProps) {
  return (
    <tr
      id={domId}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-active={active || undefined}
      className="dt-row"
      style={{ transform: `translateY(${start}px)`, height }}
      onClick={() => onRowClick(index)}
    >
      {columns.map((column, position) => {
        const content = column.cell(original as never);
        // A cell cut short by its column's width still shows its whole text on hover.
        const title = typeof content === 'string' ? content : undefined;
        return (
          <td
            key={column.id}
            className={`dt-cell dt-c${position}`}
            data-align={column.align}
            title={title}
          >
            {content}
          </td>
        );
      })}
    </tr>
  );
});
