import type { EnvelopeBody } from './http';

/**
 * POSTs one file as a browser's multipart form does (one part named `file`, the client's name
 * and type) and answers the status and the JSON body.
 */
export async function postFile(
  url: string,
  token: string | null,
  bytes: Buffer,
  name: string,
  type = '',
): Promise<{ status: number; body: EnvelopeBody }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(url, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: await response.json() };
}
