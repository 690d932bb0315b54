import './labs.css';
import { Button, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { LabData } from '../../../shared/contracts/labs';
import { labStatusLabels } from '../../../shared/labs/lab-tests';
import { useApiClient } from '../../app/api-context';
import { downloadFile } from '../../app/file-download';
import { ErrorAlert } from '../../components/error-alert';
import type { LabFileKind } from './labs-api';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface Props {
  labs: LabData[];
  /** Where a lab's PDF is read: the patient's own address, or the staff's (audited). */
  fileUrl: (labId: string, kind: LabFileKind) => string;
  /** Staff actions under a lab (sample collected, results), if the caller has any. */
  renderActions?: (lab: LabData) => ReactNode;
}

/** Labs with their status, tests and dates: DOWNLOAD LAB REQUISITION and DOWNLOAD LAB RESULTS. */
export function LabList({ labs, fileUrl, renderActions }: Props) {
  return (
    <ul className="lab-list" aria-label="Labs">
      {labs.map((lab) => (
        <LabItem key={lab.id} lab={lab} fileUrl={fileUrl} actions={renderActions?.(lab)} />
      ))}
    </ul>
  );
}

function LabItem({
  lab,
  fileUrl,
  actions,
}: {
  lab: LabData;
  fileUrl: Props['fileUrl'];
  actions: ReactNode;
}) {
  const client = useApiClient();
  const [failed, setFailed] = useState(false);
  const download = (kind: LabFileKind) =>
    void downloadFile(client, fileUrl(lab.id, kind), `${lab.requisitionNumber}-${kind}.pdf`).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  const dates = [
    `Ordered ${dateFormat.format(new Date(lab.orderedAt))} by ${lab.doctorName}`,
    lab.collectedAt ? `collected ${dateFormat.format(new Date(lab.collectedAt))}` : null,
    lab.resultedAt ? `resulted ${dateFormat.format(new Date(lab.resultedAt))}` : null,
  ].filter(Boolean);
  return (
    <li className="lab-item" aria-label={`Lab ${lab.requisitionNumber}`}>
      <div className="lab-item__head">
        <Typography.Text strong>Requisition {lab.requisitionNumber}</Typography.Text>
        <Tag>{labStatusLabels[lab.status]}</Tag>
      </div>
      <Typography.Text type="secondary">{dates.join(' · ')}</Typography.Text>
      <ul className="lab-item__tests">
        {lab.tests.map((test) => (
          <li key={test.code}>{test.name}</li>
        ))}
      </ul>
      <Space wrap>
        <Button onClick={() => download('requisition')}>DOWNLOAD LAB REQUISITION</Button>
        {lab.hasResults ? (
          <Button type="primary" onClick={() => download('results')}>
            DOWNLOAD LAB RESULTS
          </Button>
        ) : null}
      </Space>
      {failed ? <ErrorAlert message="The download failed. Please try again." /> : null}
      {actions}
    </li>
  );
}
