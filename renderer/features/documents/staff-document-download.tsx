import { Button } from 'antd';
import { useState } from 'react';
import { useApiClient } from '../../app/api-context';
import { downloadFile } from '../../app/file-download';
import { staffDocumentUrl } from './documents-api';

/** DOWNLOAD of a patient's document by staff (each download is audited by the server). */
export function StaffDocumentDownload({
  patientId,
  documentId,
  name,
}: {
  patientId: string;
  documentId: string;
  name: string;
}) {
  const client = useApiClient();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <Button
      size="small"
      loading={state === 'busy'}
      danger={state === 'failed'}
      aria-label={`Download ${name}`}
      onClick={() => {
        setState('busy');
        void downloadFile(client, staffDocumentUrl(client, patientId, documentId), name)
          .then(() => setState('idle'))
          .catch(() => setState('failed'));
      }}
    >
      {state === 'failed' ? 'DOWNLOAD FAILED: RETRY' : 'DOWNLOAD'}
    </Button>
  );
}
