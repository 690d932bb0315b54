/** The browser storage keys of spec §3. Nothing else about a patient is kept in storage. */
export const storageKeys = {
  /** Session GUID (lower-case key, session storage). */
  guid: 'guid',
  /** Session GUID (upper-case key, local storage), as the spec's client keeps both. */
  GUID: 'GUID',
  guestOrderId: 'guestOrderId',
  guestOrderIdTimestamp: 'guestOrderIdTimestamp',
  /** The user token. */
  token: 'token',
  /** The signed-in user's id. */
  useidk: 'useidk',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** The subset of the Web Storage API the client needs; tests and Electron pass their own. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** An in-memory storage, for tests and for runtimes without Web Storage. */
export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
    clear: () => values.clear(),
  };
}
