import type { ApiClient } from '../../shared/api/client';

/**
 * A file's bytes (a document, a lab's PDF) through the API client: a link or an <img> could not
 * carry the bearer token.
 */
export async function fetchFileBytes(client: ApiClient, url: string): Promise<Blob> {
  return (await client.get<Blob>(5, url, undefined, { binary: true })).data;
}

/** Saves a file the API serves under its name, as a browser download. */
export async function downloadFile(client: ApiClient, url: string, name: string) {
  const blob = await fetchFileBytes(client, url);
  const objectUrl = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
