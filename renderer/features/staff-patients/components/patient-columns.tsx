import { Tag } from 'antd';
import {
  PATIENT_ORDER_COUNT_CAP,
  type PatientRow,
  type PatientSearchData,
} from '../../../../shared/contracts/staff-patients';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { formatBirthDate, formatPhone } from '../../../components/format';

/** The rows of one search page (module scope: the DataTable's row list stays stable). */
export const rowsOfPatientPage = (page: PatientSearchData) => page.items;
export const patientKey = (row: PatientRow) => row.userId;

/** The patient search's columns; the server sorts (newest patient first), so none sorts here. */
export const patientColumns: readonly DataTableColumn<PatientRow>[] = [
  { id: 'name', header: 'Name', width: 200, hideable: false, cell: (row) => row.name },
  { id: 'email', header: 'Email', width: 260, cell: (row) => row.email },
  { id: 'phone', header: 'Phone', width: 140, cell: (row) => formatPhone(row.phone) },
  {
    id: 'dateOfBirth',
    header: 'Date of birth',
    width: 120,
    cell: (row) => formatBirthDate(row.dateOfBirth),
  },
  {
    id: 'orderCount',
    header: 'Orders',
    width: 80,
    align: 'end',
    cell: (row) =>
      row.orderCount >= PATIENT_ORDER_COUNT_CAP ? `${PATIENT_ORDER_COUNT_CAP}+` : row.orderCount,
  },
  {
    id: 'intakeStatus',
    header: 'ECP intake',
    width: 110,
    defaultHidden: true,
    cell: (row) => (row.intakeStatus ? <Tag>{row.intakeStatus}</Tag> : null),
  },
];
