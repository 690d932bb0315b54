/**
 * The app-wide connection-error notice (spec §8): raised when a call gets no answer or a 500,
 * dismissed by the user or when they move to another page.
 */
export interface ConnectionNotice {
  readonly visible: () => boolean;
  show(): void;
  hide(): void;
  subscribe(listener: () => void): () => void;
}

export function createConnectionNotice(): ConnectionNotice {
  let visible = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    if (visible === next) return;
    visible = next;
    for (const listener of listeners) listener();
  };
  return {
    visible: () => visible,
    show: () => set(true),
    hide: () => set(false),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
