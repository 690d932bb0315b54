/**
 * The runtime's `fetch` as the shared client uses it: the browser's, Electron's and Node's
 * share this shape. The core is typed without the DOM's library (it runs in all three), so
 * these are the few parts it needs, read from the global scope.
 */
export interface RuntimeSignal {
  readonly aborted: boolean;
}

export interface RuntimeResponse {
  readonly status: number;
  text(): Promise<string>;
  blob(): Promise<unknown>;
}

export type RuntimeFetch = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: unknown;
    signal: RuntimeSignal;
  },
) => Promise<RuntimeResponse>;

const runtime = globalThis as unknown as {
  fetch: RuntimeFetch;
  AbortSignal: {
    timeout(ms: number): RuntimeSignal;
    any(signals: RuntimeSignal[]): RuntimeSignal;
  };
};

export const runtimeFetch: RuntimeFetch = (url, init) => runtime.fetch(url, init);

/** Aborts after `ms`, or when the caller's own signal does. */
export function deadlineSignal(ms: number, caller?: RuntimeSignal): RuntimeSignal {
  const timeout = runtime.AbortSignal.timeout(ms);
  return caller ? runtime.AbortSignal.any([caller, timeout]) : timeout;
}
