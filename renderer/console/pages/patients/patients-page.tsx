import { Typography } from 'antd';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PatientRow } from '../../../../shared/contracts/staff-patients';
import { PatientSearchTable } from '../../../features/staff-patients/components/patient-search-table';

/**
 * Patients (agents and admins): one search box matched by its shape against the name, email,
 * phone or date of birth. The search lives in the address (?q=), so Back returns to it.
 */
export default function PatientsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const openRow = useCallback(
    (row: PatientRow) => navigate(`/patients/${encodeURIComponent(row.userId)}`),
    [navigate],
  );
  return (
    <div className="console-page">
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        Patients
      </Typography.Title>
      <PatientSearchTable
        tableId="staff-patients"
        q={params.get('q') ?? ''}
        onSearch={(q) => setParams(q ? { q } : {})}
        onOpenRow={openRow}
      />
    </div>
  );
}
