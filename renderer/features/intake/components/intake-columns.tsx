import type { IntakeListData, IntakePatient } from '../../../../shared/contracts/registration';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { IntakeStatusTag } from './intake-status-tag';

export const rowsOfIntakePage = (page: IntakeListData) => page.items;
export const intakePatientKey = (row: IntakePatient) => row.patientId;

/** The ECP's own patients: name, email and where each stands. */
export const intakeColumns: readonly DataTableColumn<IntakePatient>[] = [
  {
    id: 'name',
    header: 'Name',
    width: 240,
    hideable: false,
    cell: (row) => `${row.firstName} ${row.lastName}`,
  },
  { id: 'email', header: 'Email', width: 320, cell: (row) => row.email },
  {
    id: 'status',
    header: 'Status',
    width: 120,
    hideable: false,
    cell: (row) => <IntakeStatusTag status={row.status} />,
  },
];
