import { apiErrorText } from '../../../components/api-error-text';
import { DataTable } from '../../../components/data-table/data-table';
import { useInfiniteRows } from '../../../components/data-table/use-infinite-rows';
import {
  intakeColumns,
  intakePatientKey,
  rowsOfIntakePage,
} from '../../../features/intake/components/intake-columns';
import { useIntakePatients } from '../../../features/intake/intake-patients';

/** The patients this ECP registered (the server shows an ECP only its own). */
export function MyPatientsSection() {
  const query = useIntakePatients();
  const { rows, status, paging } = useInfiniteRows(query, rowsOfIntakePage, apiErrorText);
  return (
    <DataTable
      tableId="intake-patients"
      label="My patients"
      columns={intakeColumns}
      rows={rows}
      rowKey={intakePatientKey}
      status={status}
      error={query.error ? apiErrorText(query.error) : null}
      onRetry={() => void query.refetch()}
      emptyText="You have not registered any patients yet."
      paging={paging}
    />
  );
}
