import { get as httpsGet } from 'node:https';

/**
 * Polls `url` until it answers `status` (default 200), or throws after `timeoutMs`. An https
 * address is checked against `ca` (the certificate a local nginx was given) when set.
 */
export async function waitForHttp(
  url: string,
  options: { timeoutMs?: number; status?: number; isAlive?: () => boolean; ca?: string } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const wanted = options.status ?? 200;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (options.isAlive && !options.isAlive()) throw new Error(`${url}: the process exited`);
    try {
      const status = options.ca ? await httpsStatus(url, options.ca) : await fetchStatus(url);
      if (status === wanted) return;
      last = `status ${status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer ${wanted} in time (${last})`);
}

async function fetchStatus(url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await response.arrayBuffer();
  return response.status;
}

function httpsStatus(url: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpsGet(url, { ca, timeout: 2_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}
