import { Button, Descriptions, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditEntryData } from '../../../../shared/contracts/staff-audit';
import { isCalendarDay } from '../../../../shared/contracts/staff-orders';
import { apiErrorText } from '../../../components/api-error-text';
import { DataTable } from '../../../components/data-table/data-table';
import { useInfiniteRows } from '../../../components/data-table/use-infinite-rows';
import { auditColumns } from '../../../features/staff-audit/audit-columns';
import { type AuditFilter, auditParams } from '../../../features/staff-audit/audit-filter';
import { AuditFilters } from '../../../features/staff-audit/audit-filters';
import { entriesOfAuditPage, useAuditLog } from '../../../features/staff-audit/audit-log';
import '../../../features/staff-audit/staff-audit.css';

const entryKey = (entry: AuditEntryData) => entry.id;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filterFromSearch(search: URLSearchParams): AuditFilter {
  const actorId = search.get('actor');
  const day = (name: string) => {
    const value = search.get(name);
    return value && isCalendarDay(value) ? value : null;
  };
  return {
    actorId: actorId && uuid.test(actorId) ? actorId : null,
    actorName: search.get('actorName'),
    action: (search.get('action') ?? '').slice(0, 100),
    from: day('from'),
    to: day('to'),
  };
}

function searchOfFilter(filter: AuditFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.actorId) {
    search.set('actor', filter.actorId);
    if (filter.actorName) search.set('actorName', filter.actorName);
  }
  if (filter.action) search.set('action', filter.action);
  if (filter.from) search.set('from', filter.from);
  if (filter.to) search.set('to', filter.to);
  return search;
}

/** The audit log (admins): who did what, when, from where; filters kept in the address. */
export default function AuditPage() {
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const params = useMemo(() => auditParams(filter), [filter]);
  const query = useAuditLog(params);
  const { rows, status, paging } = useInfiniteRows(query, entriesOfAuditPage, apiErrorText);
  const [opened, setOpened] = useState<AuditEntryData | null>(null);
  const setFilter = useCallback(
    (next: AuditFilter) => setSearch(searchOfFilter(next)),
    [setSearch],
  );
  const columns = useMemo(
    () => auditColumns((actorId, actorName) => setFilter({ ...filter, actorId, actorName })),
    [filter, setFilter],
  );

  return (
    <div className="console-page">
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        Audit log
      </Typography.Title>
      <AuditFilters filter={filter} onChange={setFilter} />
      <DataTable
        tableId="staff-audit"
        label="Audit log"
        columns={columns}
        rows={rows}
        rowKey={entryKey}
        status={status}
        error={query.error ? apiErrorText(query.error) : null}
        onRetry={() => void query.refetch()}
        emptyText="No entries match these filters."
        paging={paging}
        onOpenRow={setOpened}
        selectedRowKey={opened?.id ?? null}
        scrollResetKey={JSON.stringify(params)}
        toolbar={
          <Button
            onClick={() => void query.refetch()}
            loading={query.isRefetching && !query.isFetchingNextPage}
          >
            Refresh
          </Button>
        }
      />
      <Modal
        open={opened !== null}
        title="Audit entry"
        footer={null}
        onCancel={() => setOpened(null)}
        width={640}
      >
        {opened && <AuditEntryView entry={opened} />}
        {opened?.actorId && (
          <Button
            style={{ marginTop: 16 }}
            onClick={() => {
              const { actorId, actorName } = opened;
              setOpened(null);
              if (actorId) setFilter({ ...filter, actorId, actorName });
            }}
          >
            Show only {opened.actorName ?? 'this person'}
          </Button>
        )}
      </Modal>
    </div>
  );
}

function AuditEntryView({ entry }: { entry: AuditEntryData }) {
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="When">
        {dayjs(entry.at).format('MM/DD/YYYY h:mm:ss A')}
      </Descriptions.Item>
      <Descriptions.Item label="Who">
        {entry.actorName ?? '—'} {entry.actorRole ? `(${entry.actorRole})` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="User ID">{entry.actorId ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Action">{entry.action}</Descriptions.Item>
      <Descriptions.Item label="Subject">{entry.subject ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Outcome">{entry.outcome}</Descriptions.Item>
      <Descriptions.Item label="From">{entry.ip ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Request">{entry.requestId ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Detail">
        <pre className="audit-detail">
          {entry.detail ? JSON.stringify(entry.detail, null, 2) : '—'}
        </pre>
      </Descriptions.Item>
    </Descriptions>
  );
}
