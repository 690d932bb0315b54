/** Polls `url` until it answers `status` (default 200), or throws after `timeoutMs`. */
export async function waitForHttp(
  url: string,
  options: { timeoutMs?: number; status?: number; isAlive?: () => boolean } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const wanted = options.status ?? 200;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (options.isAlive && !options.isAlive()) throw new Error(`${url}: the process exited`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === wanted) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer ${wanted} in time (${last})`);
}
