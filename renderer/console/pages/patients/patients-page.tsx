import { Input, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  MAX_PATIENT_QUERY_LENGTH,
  type PatientRow,
} from '../../../../shared/contracts/staff-patients';
import { apiErrorText } from '../../../components/api-error-text';
import { DataTable } from '../../../components/data-table/data-table';
import { useInfiniteRows } from '../../../components/data-table/use-infinite-rows';
import {
  patientColumns,
  patientKey,
  rowsOfPatientPage,
} from '../../../features/staff-patients/components/patient-columns';
import { usePatientSearch } from '../../../features/staff-patients/search-patients';

/**
 * Patients (agents and admins): one search box matched by its shape against the name, email,
 * phone or date of birth. The search lives in the address (?q=), so Back returns to it.
 */
export default function PatientsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const navigate = useNavigate();
  const query = usePatientSearch(q);
  const { rows, status, paging } = useInfiniteRows(query, rowsOfPatientPage, apiErrorText);

  // Back and Forward change ?q=: the box shows the search the rows belong to.
  useEffect(() => setDraft(q), [q]);

  const openRow = useCallback(
    (row: PatientRow) => navigate(`/patients/${encodeURIComponent(row.userId)}`),
    [navigate],
  );

  return (
    <div className="console-page">
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        Patients
      </Typography.Title>
      <DataTable
        tableId="staff-patients"
        label="Patients"
        columns={patientColumns}
        rows={rows}
        rowKey={patientKey}
        status={status}
        error={query.error ? apiErrorText(query.error) : null}
        onRetry={() => void query.refetch()}
        emptyText={q ? `No patient matches "${q}".` : 'No patients yet.'}
        paging={paging}
        onOpenRow={openRow}
        scrollResetKey={q}
        toolbar={
          <Input.Search
            aria-label="Search patients"
            placeholder="Name, email, phone or date of birth (MM/DD/YYYY)"
            enterButton="Search"
            allowClear
            autoFocus
            maxLength={MAX_PATIENT_QUERY_LENGTH}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onSearch={(value) => {
              const next = value.trim();
              setParams(next ? { q: next } : {});
            }}
            style={{ width: 520 }}
          />
        }
      />
    </div>
  );
}
