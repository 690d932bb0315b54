import { AutoComplete, Button, DatePicker, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { type AuditFilter, auditActionSuggestions, emptyAuditFilter } from './audit-filter';

export interface AuditFiltersProps {
  filter: AuditFilter;
  onChange(filter: AuditFilter): void;
}

const day = (value: string | null) => (value ? dayjs(value, 'YYYY-MM-DD') : null);

/** Actor (chosen by clicking a name in the log), action prefix and date range. */
export function AuditFilters({ filter, onChange }: AuditFiltersProps) {
  const [action, setAction] = useState(filter.action);
  useEffect(() => setAction(filter.action), [filter.action]);
  const commitAction = (value: string) => {
    if (value.trim() !== filter.action) onChange({ ...filter, action: value.trim() });
  };
  const dates = [day(filter.from), day(filter.to)] as [Dayjs | null, Dayjs | null];
  const any = filter.actorId || filter.action || filter.from || filter.to;

  return (
    <search aria-label="Audit log filters" className="audit-filters">
      <AutoComplete
        aria-label="Action"
        placeholder="Action, e.g. staff.orders"
        value={action}
        options={auditActionSuggestions.map((value) => ({ value }))}
        onChange={setAction}
        onSelect={(value: string) => commitAction(value)}
        onBlur={() => commitAction(action)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitAction(action);
        }}
        allowClear
        onClear={() => commitAction('')}
        showSearch={{
          filterOption: (input, option) => String(option?.value ?? '').startsWith(input.trim()),
        }}
        style={{ width: 260 }}
      />
      <DatePicker.RangePicker
        aria-label="Between"
        placeholder={['From', 'To']}
        value={dates}
        allowEmpty={[true, true]}
        format="MM/DD/YYYY"
        onChange={(range) =>
          onChange({
            ...filter,
            from: range?.[0]?.format('YYYY-MM-DD') ?? null,
            to: range?.[1]?.format('YYYY-MM-DD') ?? null,
          })
        }
        style={{ width: 260 }}
      />
      {filter.actorId ? (
        <span>
          <Tag>Actor: {filter.actorName ?? filter.actorId}</Tag>
          <Button
            type="link"
            size="small"
            onClick={() => onChange({ ...filter, actorId: null, actorName: null })}
          >
            Everyone
          </Button>
        </span>
      ) : (
        <span className="audit-filter-hint">Select a name in the log to see only that person.</span>
      )}
      {any && <Button onClick={() => onChange(emptyAuditFilter)}>Clear filters</Button>}
    </search>
  );
}
