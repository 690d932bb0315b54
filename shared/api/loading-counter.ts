/**
 * The global loading flag of spec §4: on when the first request begins, off when the
 * last one ends. Listeners hear only the transitions, never every request.
 */
export interface LoadingCounter {
  begin(): void;
  end(): void;
  readonly active: number;
  readonly loading: boolean;
  subscribe(listener: (loading: boolean) => void): () => void;
}

export function createLoadingCounter(): LoadingCounter {
  let active = 0;
  const listeners = new Set<(loading: boolean) => void>();
  const notify = (loading: boolean) => {
    for (const listener of listeners) listener(loading);
  };
  return {
    begin() {
      active += 1;
      if (active === 1) notify(true);
    },
    end() {
      if (active === 0) return;
      active -= 1;
      if (active === 0) notify(false);
    },
    get active() {
      return active;
    },
    get loading() {
      return active > 0;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
