import { Button, Modal, Popconfirm, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiClient } from '../../../renderer/app/api-context';
import { downloadFile } from '../../../renderer/app/file-download';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { CameraCapture } from '../../../renderer/features/documents/camera-capture';
import { DocumentPreview } from '../../../renderer/features/documents/document-preview';
import {
  documentPreviewUrl,
  documentUrl,
} from '../../../renderer/features/documents/documents-api';
import {
  useDeleteDocument,
  useDocuments,
  useUploadDocument,
} from '../../../renderer/features/documents/use-documents';
import { linkRoutes } from '../../../shared/checkout/routes';
import type { DocumentData } from '../../../shared/contracts/documents';
import { validationMessages } from '../../../shared/errors/messages';
import { UPLOAD_ACCEPT, validateUpload } from '../../../shared/validation/uploads';
import { Loadable } from '../loadable';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Health records, documents (spec §2): upload a JPG, PNG, HEIC or PDF under 10MB, or take a
 * photo with the camera; each document listed with a preview, DOWNLOAD and DELETE. A file the
 * rules refuse is refused here with the spec's message, before anything is sent.
 */
export function DocumentsTab({ identity }: { identity: string }) {
  const client = useApiClient();
  const documents = useDocuments(identity);
  const upload = useUploadDocument(identity);
  const remove = useDeleteDocument(identity);
  const input = useRef<HTMLInputElement | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const navigate = useNavigate();

  const send = (file: Blob, name: string) => {
    const check = validateUpload({ size: file.size, type: file.type, name });
    if (!check.ok) {
      setRefusal(validationMessages[check.errorKey]);
      return;
    }
    setRefusal(null);
    upload.mutate({ file, name });
  };

  return (
    <section aria-labelledby="documents-title" className="account-section">
      <h2 id="documents-title">Documents</h2>
      <Typography.Paragraph type="secondary">
        Insurance cards, prescriptions and other papers: JPG, PNG, HEIC or PDF, under 10MB. Lab
        requisitions and results are kept with your labs.
      </Typography.Paragraph>
      <Space wrap>
        <Button type="primary" loading={upload.isPending} onClick={() => input.current?.click()}>
          UPLOAD A FILE
        </Button>
        <Button onClick={() => setCamera(true)}>TAKE A PHOTO</Button>
        <Button onClick={() => navigate(linkRoutes.myLabs)}>VIEW MY LABS</Button>
      </Space>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        hidden
        aria-label="Choose a file to upload"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) send(file, file.name);
        }}
      />
      {refusal ? <ErrorAlert message={refusal} /> : null}
      {upload.error ? <ErrorAlert error={upload.error} /> : null}
      <Modal
        open={camera}
        title="Take a photo"
        footer={null}
        onCancel={() => setCamera(false)}
        destroyOnHidden
      >
        <CameraCapture
          onCancel={() => setCamera(false)}
          onPhoto={(photo) => {
            setCamera(false);
            send(photo, `Photo ${new Date().toISOString().slice(0, 10)}.jpg`);
          }}
        />
      </Modal>
      <Loadable query={documents} what="your documents">
        {documents.data?.length === 0 ? (
          <p>You have no documents yet.</p>
        ) : (
          <ul className="document-list" aria-label="Documents">
            {(documents.data ?? []).map((document) => (
              <DocumentItem
                key={document.id}
                document={document}
                url={documentUrl(client, document.id)}
                deleting={remove.isPending && remove.variables === document.id}
                onDelete={() => remove.mutate(document.id)}
              />
            ))}
          </ul>
        )}
      </Loadable>
      {remove.error ? <ErrorAlert error={remove.error} /> : null}
    </section>
  );
}

function DocumentItem(props: {
  document: DocumentData;
  url: string;
  deleting: boolean;
  onDelete: () => void;
}) {
  const { document } = props;
  const client = useApiClient();
  const [failed, setFailed] = useState(false);
  return (
    <li className="document-item">
      <DocumentPreview document={document} url={documentPreviewUrl(client, document.id)} />
      <div className="document-item__text">
        <Typography.Text strong>{document.name}</Typography.Text>
        <Typography.Text type="secondary">
          {dateFormat.format(new Date(document.createdAt))} · {sizeText(document.sizeBytes)}
        </Typography.Text>
        <Space wrap>
          <Button
            onClick={() =>
              void downloadFile(client, props.url, document.name).then(
                () => setFailed(false),
                () => setFailed(true),
              )
            }
          >
            DOWNLOAD
          </Button>
          <Popconfirm title={`Delete ${document.name}?`} okText="DELETE" onConfirm={props.onDelete}>
            <Button danger loading={props.deleting}>
              DELETE
            </Button>
          </Popconfirm>
        </Space>
        {failed ? <ErrorAlert message="The download failed. Please try again." /> : null}
      </div>
    </li>
  );
}
