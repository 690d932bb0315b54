import { useEffect, useState } from 'react';
import type { DocumentData } from '../../../shared/contracts/documents';
import { useApiClient } from '../../app/api-context';
import { fetchFileBytes } from '../../app/file-download';

/**
 * A thumbnail of a photo or scan (a HEIC photo's JPEG made by the server); a labelled tile
 * for a PDF, or a HEIC that had none made.
 */
export function DocumentPreview({ document, url }: { document: DocumentData; url: string }) {
  const client = useApiClient();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!document.hasPreview) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    void fetchFileBytes(client, url)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [document.hasPreview, url, client]);
  if (src)
    return <img src={src} alt={`Preview of ${document.name}`} className="document-preview" />;
  const label = document.mimeType === 'application/pdf' ? 'PDF' : 'HEIC';
  return (
    <div
      className="document-preview document-preview--tile"
      role="img"
      aria-label={`${label} file`}
    >
      {label}
    </div>
  );
}
