import { joinUrl } from './bases';
import type { ApiClient } from './client';
import { endpointPath } from './endpoints';

/** What a sign-in sends as its clientIp when the lookup fails (spec §8: "falls back to {ip}"). */
export const clientIpFallback = '{ip}';

/** GET /api/getClientIp (spec §2/§7): the caller's address as the server sees it. */
export async function fetchClientIp(client: ApiClient): Promise<string> {
  try {
    const url = joinUrl(client.bases.root, endpointPath('clientIp'));
    const result = await client.get<unknown>(1, url);
    // This one endpoint answers { clientIp } without the envelope.
    const raw = result.raw as { clientIp?: unknown } | undefined;
    return typeof raw?.clientIp === 'string' ? raw.clientIp : clientIpFallback;
  } catch {
    return clientIpFallback;
  }
}

/** The Google Analytics client id of the `_ga` cookie (spec §7 GA), when the site sets one. */
export function gaClientIdOf(cookie: string): string | null {
  const match = /(?:^|;\s*)_ga=GA\d\.\d\.(\d+\.\d+)/.exec(cookie);
  return match?.[1] ?? null;
}
