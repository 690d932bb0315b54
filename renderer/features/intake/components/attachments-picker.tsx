import { Button, Typography } from 'antd';
import { useRef, useState } from 'react';
import { validationMessages } from '../../../../shared/errors/messages';
import { UPLOAD_ACCEPT, validateUpload } from '../../../../shared/validation/uploads';
import { ErrorAlert } from '../../../components/error-alert';

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/** Files to attach to the patient being registered (a prescription, an insurance card). */
export function AttachmentsPicker({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <section aria-label="Documents to attach" className="attachments-picker">
      <Typography.Text strong>Documents to attach (optional)</Typography.Text>
      <Typography.Paragraph type="secondary">
        A prescription or an insurance card: JPG, PNG, HEIC or PDF, under 10MB each. They are
        attached when the patient is registered.
      </Typography.Paragraph>
      <Button onClick={() => input.current?.click()} disabled={disabled}>
        ADD DOCUMENTS
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={UPLOAD_ACCEPT}
        aria-label="Choose documents to attach"
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          event.target.value = '';
          const refused = chosen
            .map((file) => ({ file, check: validateUpload(file) }))
            .find(({ check }) => !check.ok);
          setRefusal(
            refused && !refused.check.ok
              ? `${refused.file.name}: ${validationMessages[refused.check.errorKey]}`
              : null,
          );
          // The same file chosen twice is attached once.
          const known = new Set(files.map(fileKey));
          const added = chosen.filter(
            (file) => validateUpload(file).ok && !known.has(fileKey(file)),
          );
          onChange([...files, ...added]);
        }}
      />
      {refusal ? <ErrorAlert message={refusal} /> : null}
      {files.length > 0 ? (
        <ul aria-label="Documents to attach" className="attachments-picker__list">
          {files.map((file) => (
            <li key={fileKey(file)}>
              {file.name}{' '}
              <Button
                type="link"
                size="small"
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((other) => other !== file))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
