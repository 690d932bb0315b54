import { Alert, Button, Flex, Table, Typography, Upload } from 'antd';
import Papa from 'papaparse';
import { useState } from 'react';
import { intakeImportMessages, MAX_IMPORT_BYTES } from '../../../../shared/contracts/intake-import';

interface ChosenFile {
  name: string;
  csv: string;
  rowCount: number;
  columns: string[];
  preview: Record<string, string>[];
}

interface Props {
  onImport: (csv: string) => void;
  importing: boolean;
  /** The server's refusal of the whole file (no row was created). */
  error?: string | null;
}

const PREVIEW_ROWS = 5;

function isCsvFile(file: File): boolean {
  return file.type === 'text/csv' || file.name.toLowerCase().endsWith('.csv');
}

/**
 * Chooses a CSV file and previews its first rows. The preview is only a look: the server reads
 * the file again, decides row by row, and answers the report.
 */
export function CsvImportForm({ onImport, importing, error }: Props) {
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const choose = async (file: File) => {
    setChosen(null);
    if (!isCsvFile(file)) return setRefusal(intakeImportMessages.notCsv);
    if (file.size > MAX_IMPORT_BYTES) return setRefusal(intakeImportMessages.tooLarge);
    const csv = await file.text();
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    setRefusal(null);
    setChosen({
      name: file.name,
      csv,
      rowCount: parsed.data.length,
      columns: parsed.meta.fields ?? [],
      preview: parsed.data.slice(0, PREVIEW_ROWS),
    });
  };

  const shownError = refusal ?? error ?? null;

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        The first line names the columns firstName, lastName, email and phoneNumber (dateOfBirth is
        optional). Each line registers one patient and sends their invitation; a line that cannot be
        registered is refused and nothing of it is created.
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".csv,text/csv"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-text">Click or drop a CSV file here</p>
        <p className="ant-upload-hint">At most 1 MB and 1,000 patients per file.</p>
      </Upload.Dragger>
      {shownError ? <Alert type="error" showIcon title={shownError} /> : null}
      {chosen ? (
        <Flex vertical gap={8}>
          <Typography.Text strong>
            {chosen.name}: {chosen.rowCount} {chosen.rowCount === 1 ? 'row' : 'rows'}
          </Typography.Text>
          <Table
            size="small"
            pagination={false}
            aria-label="File preview"
            rowKey={(_, index) => String(index)}
            dataSource={chosen.preview}
            columns={chosen.columns.map((column) => ({ title: column, dataIndex: column }))}
            scroll={{ x: true }}
          />
          <Button
            type="primary"
            onClick={() => onImport(chosen.csv)}
            loading={importing}
            style={{ alignSelf: 'flex-start' }}
          >
            Import patients
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
