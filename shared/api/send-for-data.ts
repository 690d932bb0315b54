import type { Envelope } from '../contracts/envelope';
import type { ApiClient } from './client';
import type { RequestMode } from './modes';

/** A POST or PATCH whose answer is an envelope: resolves with its `Data`. */
export async function sendForData<T>(
  client: ApiClient,
  method: 'post' | 'patch',
  mode: RequestMode,
  url: string,
  body: unknown,
): Promise<T> {
  const result = await client[method]<Envelope<T>>(mode, url, body);
  return result.data.Data;
}
