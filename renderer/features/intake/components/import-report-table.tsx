import { Alert, Tag } from 'antd';
import type { ImportRowReport, IntakeImportData } from '../../../../shared/contracts/intake-import';
import { validationMessages } from '../../../../shared/errors/messages';
import { isValidationErrorKey } from '../../../../shared/validation/validate-form';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';

/** Why a row was refused: the server's message, then each field's own message when it differs. */
export function reasonsOf(row: ImportRowReport): string[] {
  const reasons = row.message ? [row.message] : [];
  for (const key of Object.values(row.errors ?? {})) {
    const text = isValidationErrorKey(key) ? validationMessages[key] : key;
    if (!reasons.includes(text)) reasons.push(text);
  }
  return reasons;
}

const rowKey = (row: ImportRowReport) => String(row.row);

const columns: readonly DataTableColumn<ImportRowReport>[] = [
  { id: 'row', header: 'Line', width: 64, align: 'end', hideable: false, cell: (row) => row.row },
  { id: 'email', header: 'Email', width: 320, cell: (row) => row.email || '—' },
  {
    id: 'status',
    header: 'Result',
    width: 100,
    hideable: false,
    cell: (row) => <Tag color={row.status === 'created' ? 'green' : 'red'}>{row.status}</Tag>,
  },
  {
    id: 'reason',
    header: 'Reason',
    width: 560,
    hideable: false,
    cell: (row) => {
      const text = reasonsOf(row).join(' ');
      return text ? <span title={text}>{text}</span> : null;
    },
  },
];

/** The import's per-row report: what was created, what was refused and why. */
export function ImportReportTable({ report }: { report: IntakeImportData }) {
  const summary = `${report.created} created, ${report.refused} refused`;
  const type = report.refused === 0 ? 'success' : report.created === 0 ? 'error' : 'warning';
  return (
    <>
      <Alert type={type} showIcon title={summary} />
      <DataTable
        tableId="intake-import-report"
        label="Import report"
        columns={columns}
        rows={report.rows}
        rowKey={rowKey}
        status="success"
        emptyText="The file had no rows."
      />
    </>
  );
}
