import { type EarlyRead, earlyReadsProperty } from '../../shared/api/early-reads';
import type { RuntimeFetch } from '../../shared/api/runtime-fetch';

export interface EarlyReads {
  /** `fetch`, but a GET the page's HTML already sent (same URL and token) takes its answer. */
  fetch: RuntimeFetch;
  /** Forgets the reads not taken: from now on every read is sent anew. */
  drop(): void;
}

/**
 * The reads the page's HTML sent before the app arrived (shared/api/early-reads.ts), each taken
 * once, by the first request that is the same read. They stand in only for the first route's
 * reads: the rest are dropped once it has loaded (main.tsx), so nothing read before the
 * patient did anything in the app is ever shown after it.
 */
export function earlyReadsOf(scope: Record<string, unknown>, send: RuntimeFetch): EarlyReads {
  let waiting = (scope[earlyReadsProperty] as EarlyRead[] | undefined) ?? [];
  delete scope[earlyReadsProperty];
  const take = (url: string, authorization: string | undefined) => {
    const index = waiting.findIndex(
      (read) => read.url === url && read.authorization === authorization,
    );
    if (index < 0) return null;
    const [read] = waiting.splice(index, 1);
    return read ?? null;
  };
  return {
    fetch: (url, init) => {
      const read =
        init.method === 'GET' && init.body === undefined
          ? take(url, init.headers.Authorization)
          : null;
      if (!read) return send(url, init);
      return read.response.then((response) => response ?? send(url, init));
    },
    drop: () => {
      waiting = [];
    },
  };
}

/** What `dropOnceLoaded` reads of the router. */
interface LoadingRouter {
  readonly state: { readonly initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Drops the early reads once the first route has loaded (its loader's reads sent, its page
 * about to be drawn): the patient has done nothing in the app before then. A route with no
 * loader has loaded at once.
 */
export function dropOnceLoaded(router: LoadingRouter, drop: () => void): void {
  const dropIfLoaded = () => {
    if (!router.state.initialized) return false;
    // After the task that loaded it: a loader's reads may go out a few promise turns later.
    setTimeout(drop);
    return true;
  };
  if (dropIfLoaded()) return;
  const stop = router.subscribe(() => {
    if (dropIfLoaded()) stop();
  });
}
