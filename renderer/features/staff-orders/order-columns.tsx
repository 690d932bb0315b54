import type { StaffOrderRow, staffOrderColumns } from '../../../shared/contracts/staff-orders';
import type { DataTableColumn } from '../../components/data-table/data-table-types';
import { OrderStatusTag } from '../../components/order-status-tag';
import { show, sourceLabels, visitTypeLabels } from './format';

type OrderColumnId = (typeof staffOrderColumns)[number];

/**
 * The lookup's columns. Ids are the saved views' column names, and the sortable ones are the
 * server's sort keys, so a header click is a sort the server understands.
 */
export const orderColumns: readonly (DataTableColumn<StaffOrderRow> & { id: OrderColumnId })[] = [
  {
    id: 'orderNumber',
    header: 'Order',
    width: 140,
    sortable: true,
    hideable: false,
    cell: (row) => row.orderNumber ?? '—',
  },
  {
    id: 'createdAt',
    header: 'Created',
    width: 160,
    sortable: true,
    sortDescFirst: true,
    cell: (row) => show.dateTime(row.createdAt),
  },
  {
    id: 'paidAt',
    header: 'Paid',
    width: 160,
    defaultHidden: true,
    cell: (row) => show.dateTime(row.paidAt),
  },
  {
    id: 'status',
    header: 'Status',
    width: 105,
    sortable: true,
    cell: (row) => <OrderStatusTag status={row.status} />,
  },
  {
    id: 'patientName',
    header: 'Patient',
    width: 145,
    cell: (row) => row.patient?.name ?? 'Guest',
  },
  { id: 'email', header: 'Email', width: 170, cell: (row) => show.text(row.patient?.email) },
  {
    id: 'phone',
    header: 'Phone',
    width: 120,
    cell: (row) => show.phone(row.patient?.phone ?? null),
  },
  {
    id: 'dateOfBirth',
    header: 'Date of birth',
    width: 105,
    defaultHidden: true,
    cell: (row) => show.day(row.patient?.dateOfBirth ?? null),
  },
  {
    id: 'total',
    header: 'Total',
    width: 80,
    align: 'end',
    sortable: true,
    sortDescFirst: true,
    cell: (row) => show.money(row.totalCents),
  },
  {
    id: 'itemCount',
    header: 'Items',
    width: 60,
    align: 'end',
    defaultHidden: true,
    cell: (row) => row.itemCount,
  },
  {
    id: 'products',
    header: 'Products',
    width: 130,
    cell: (row) => row.products.join(', '),
  },
  {
    id: 'visitType',
    header: 'Visit',
    width: 190,
    defaultHidden: true,
    cell: (row) => (row.visitType ? (visitTypeLabels[row.visitType] ?? row.visitType) : '—'),
  },
  {
    id: 'placedByAgent',
    header: 'Placed by',
    width: 140,
    defaultHidden: true,
    cell: (row) => show.text(row.placedByAgent),
  },
  {
    id: 'source',
    header: 'Source',
    width: 80,
    defaultHidden: true,
    cell: (row) => sourceLabels[row.source] ?? row.source,
  },
];
