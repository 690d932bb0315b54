import type { Database } from '../../db/client';
import { loadStorefrontSettings, type StorefrontSettings } from './storefront-settings';

/**
 * Storefront settings cached in memory (DESIGN §7), keyed by storefront id. Only storefronts
 * that exist are kept, so probing unknown ids cannot grow the cache. Admin edits call
 * `invalidateStorefrontCache`; entries also expire after a minute so that other server
 * processes, which cannot see this one's invalidations, catch up.
 */
const maxAgeMs = 60_000;

interface Entry {
  database: Database;
  loadedAt: number;
  settings: Promise<StorefrontSettings | null>;
}

const entries = new Map<number, Entry>();

function forget(id: number, entry: Entry) {
  if (entries.get(id) === entry) entries.delete(id);
}

/** The settings of one storefront, null when it does not exist. Concurrent misses load once. */
export function cachedStorefrontSettings(
  database: Database,
  id: number,
): Promise<StorefrontSettings | null> {
  const hit = entries.get(id);
  // An entry of another database (several apps in one process, as tests do) is a miss.
  if (hit && hit.database === database && Date.now() - hit.loadedAt < maxAgeMs) {
    return hit.settings;
  }
  const entry: Entry = {
    database,
    loadedAt: Date.now(),
    settings: loadStorefrontSettings(database.db, id),
  };
  entries.set(id, entry);
  entry.settings.then(
    (found) => {
      if (!found) forget(id, entry);
    },
    () => forget(id, entry),
  );
  return entry.settings;
}

/** Drops one storefront's cached settings: call it after every change to them. */
export function invalidateStorefrontCache(id: number): void {
  entries.delete(id);
}
