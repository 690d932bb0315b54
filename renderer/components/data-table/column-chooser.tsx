import { Button, Checkbox, Popover, Space } from 'antd';
import { useId } from 'react';
import type { ColumnVisibility, DataTableColumn } from './data-table-types';

export interface ColumnChooserProps {
  columns: readonly DataTableColumn<never>[];
  visibility: ColumnVisibility;
  onChange(visibility: ColumnVisibility): void;
}

/** A "Columns" button opening a checkbox per hideable column, and a reset to the defaults. */
export function ColumnChooser({ columns, visibility, onChange }: ColumnChooserProps) {
  const listId = useId();
  const hideable = columns.filter((column) => column.hideable !== false);
  const shown = (column: DataTableColumn<never>) => visibility[column.id] ?? !column.defaultHidden;
  const content = (
    <div id={listId} className="dt-column-chooser">
      <Space orientation="vertical" size={4}>
        {hideable.map((column) => (
          <Checkbox
            key={column.id}
            checked={shown(column)}
            onChange={(event) => onChange({ ...visibility, [column.id]: event.target.checked })}
          >
            {column.header}
          </Checkbox>
        ))}
      </Space>
      <Button type="link" size="small" className="dt-column-reset" onClick={() => onChange({})}>
        Reset columns
      </Button>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title="Show columns">
      <Button aria-haspopup="dialog" aria-controls={listId}>
        Columns
      </Button>
    </Popover>
  );
}
