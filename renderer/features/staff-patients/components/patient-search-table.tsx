import { Input } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import {
  MAX_PATIENT_QUERY_LENGTH,
  type PatientRow,
} from '../../../../shared/contracts/staff-patients';
import { apiErrorText } from '../../../components/api-error-text';
import { DataTable } from '../../../components/data-table/data-table';
import { useInfiniteRows } from '../../../components/data-table/use-infinite-rows';
import { usePatientSearch } from '../search-patients';
import { patientColumns, patientKey, rowsOfPatientPage } from './patient-columns';

export interface PatientSearchTableProps {
  /** Where the table keeps its column choices. */
  tableId: string;
  /** The search the rows are for (the page keeps it in its address, so Back returns to it). */
  q: string;
  onSearch: (q: string) => void;
  onOpenRow: (row: PatientRow) => void;
  /** Buttons beside the search box. */
  extraTools?: ReactNode;
}

/**
 * The patients, found by one search box matched by its shape against the name, email, phone
 * or date of birth, in the virtual table: the console's Patients page and the phone order's
 * first step.
 */
export function PatientSearchTable(props: PatientSearchTableProps) {
  const { q } = props;
  const [draft, setDraft] = useState(q);
  const query = usePatientSearch(q);
  const { rows, status, paging } = useInfiniteRows(query, rowsOfPatientPage, apiErrorText);
  // Back and Forward change the search: the box shows the one the rows belong to.
  useEffect(() => setDraft(q), [q]);
  return (
    <DataTable
      tableId={props.tableId}
      label="Patients"
      columns={patientColumns}
      rows={rows}
      rowKey={patientKey}
      status={status}
      error={query.error ? apiErrorText(query.error) : null}
      onRetry={() => void query.refetch()}
      emptyText={q ? `No patient matches "${q}".` : 'No patients yet.'}
      paging={paging}
      onOpenRow={props.onOpenRow}
      scrollResetKey={q}
      toolbar={
        <>
          <Input.Search
            aria-label="Search patients"
            placeholder="Name, email, phone or date of birth (MM/DD/YYYY)"
            enterButton="Search"
            allowClear
            autoFocus
            maxLength={MAX_PATIENT_QUERY_LENGTH}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onSearch={(value) => props.onSearch(value.trim())}
            style={{ width: 480 }}
          />
          {props.extraTools}
        </>
      }
    />
  );
}
