import { ApiError } from '../../../shared/api/api-error';
import { joinUrl } from '../../../shared/api/bases';

/**
 * GET /api/staff/orders/export.csv with the lookup's filters, search and sort: the server
 * streams every matching row (up to its limit). Read as a blob with the bearer token (a plain
 * link could not send it) and handed to the browser, or Electron, as a download.
 */
export async function downloadOrdersCsv(options: {
  staffBase: string;
  token: string;
  params: Record<string, string>;
  signal?: AbortSignal;
}): Promise<{ fileName: string; bytes: number }> {
  const url = `${joinUrl(options.staffBase, 'orders/export.csv')}?${new URLSearchParams(options.params)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${options.token}`, Accept: 'text/csv' },
      signal: options.signal,
    });
  } catch {
    throw ApiError.connection(null);
  }
  if (response.status === 500) throw ApiError.connection(500);
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw ApiError.failed(response.status, body);
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? 'orders.csv';
  saveBlob(blob, fileName);
  return { fileName, bytes: blob.size };
}

function fileNameOf(disposition: string | null): string | null {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? null;
}

function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task; the URL need not live longer.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
