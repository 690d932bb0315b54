import { Button } from 'antd';
import dayjs from 'dayjs';
import type { AuditEntryData } from '../../../shared/contracts/staff-audit';
import type { DataTableColumn } from '../../components/data-table/data-table-types';

/**
 * The audit log's columns: who, what, when, from where. `onActor` makes a name a filter link
 * (the server filters by user id, which nobody types).
 */
export function auditColumns(
  onActor: (actorId: string, actorName: string) => void,
): DataTableColumn<AuditEntryData>[] {
  return [
    {
      id: 'at',
      header: 'When',
      width: 195,
      hideable: false,
      cell: (entry) => dayjs(entry.at).format('MM/DD/YYYY h:mm:ss A'),
    },
    {
      id: 'actor',
      header: 'Who',
      width: 180,
      cell: (entry) => {
        const name = entry.actorName ?? (entry.actorId ? 'Unknown user' : 'Anonymous');
        const role = entry.actorRole ? (
          <span className="audit-role"> · {entry.actorRole}</span>
        ) : null;
        if (!entry.actorId) {
          return (
            <>
              {name}
              {role}
            </>
          );
        }
        const actorId = entry.actorId;
        return (
          <>
            <Button
              type="link"
              size="small"
              className="audit-actor-link"
              tabIndex={-1}
              onClick={(event) => {
                event.stopPropagation();
                onActor(actorId, name);
              }}
            >
              {name}
            </Button>
            {role}
          </>
        );
      },
    },
    { id: 'action', header: 'Action', width: 170, cell: (entry) => entry.action },
    { id: 'subject', header: 'Subject', width: 160, cell: (entry) => entry.subject ?? '—' },
    {
      id: 'outcome',
      header: 'Outcome',
      width: 85,
      // A plain span, not an antd Tag: it is drawn for every row scrolled into view.
      cell: (entry) => (
        <span className="audit-outcome" data-outcome={entry.outcome}>
          {entry.outcome}
        </span>
      ),
    },
    { id: 'ip', header: 'From', width: 110, cell: (entry) => entry.ip ?? '—' },
    {
      id: 'requestId',
      header: 'Request',
      width: 160,
      defaultHidden: true,
      cell: (entry) => entry.requestId ?? '—',
    },
    {
      id: 'detail',
      header: 'Detail',
      width: 150,
      cell: (entry) => (entry.detail ? JSON.stringify(entry.detail) : '—'),
    },
  ];
}
