import { createMemoryStorage, type KeyValueStorage } from '../../shared/api/storage-keys';

/**
 * Web Storage when the browser allows it (private modes and disabled cookies can throw on
 * access), else memory: the app keeps working, it just forgets on reload.
 */
export function browserStorage(kind: 'local' | 'session'): KeyValueStorage {
  try {
    const storage = kind === 'local' ? window.localStorage : window.sessionStorage;
    const probe = '__storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}
