import { Button } from 'antd';
import { apiErrorText } from '../../../components/api-error-text';
import { CsvImportForm } from '../../../features/intake/components/csv-import-form';
import { ImportReportTable } from '../../../features/intake/components/import-report-table';
import { useImportIntakeCsv } from '../../../features/intake/import-intake-csv';

/**
 * Imports patients from a CSV file, then shows the server's report row by row in the room the
 * file's preview took (up to 1,000 rows), until the ECP imports another file.
 */
export function ImportSection() {
  const importCsv = useImportIntakeCsv();
  if (importCsv.data) {
    return (
      <>
        <ImportReportTable report={importCsv.data} />
        <Button onClick={() => importCsv.reset()} style={{ alignSelf: 'flex-start' }}>
          Import another file
        </Button>
      </>
    );
  }
  return (
    <CsvImportForm
      importing={importCsv.isPending}
      error={importCsv.isError ? apiErrorText(importCsv.error) : null}
      onImport={(csv) => importCsv.mutate(csv)}
    />
  );
}
