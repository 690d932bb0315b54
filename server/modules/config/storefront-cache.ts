import type { Database, DbOrTx } from '../../db/client';
import { createReadThroughCache } from '../../lib/read-through-cache';
import { loadStorefrontSettings, type StorefrontSettings } from './storefront-settings';

/**
 * Storefront settings cached in memory (DESIGN §7), keyed by storefront id. Only storefronts
 * that exist are kept, so probing unknown ids cannot grow the cache. Admin edits call
 * `invalidateStorefrontCache`; entries also age out after a minute so that other server
 * processes, which cannot see this one's invalidations, catch up.
 */
const cache = createReadThroughCache<number, StorefrontSettings | null>({
  maxAgeMs: 60_000,
  load: loadStorefrontSettings,
  keep: (settings) => settings !== null,
});

/** The settings of one storefront, null when it does not exist. Pass the transaction if in one. */
export function cachedStorefrontSettings(
  database: Database,
  id: number,
  db?: DbOrTx,
): Promise<StorefrontSettings | null> {
  return cache.get(database, id, db);
}

/** Drops one storefront's cached settings: call it after every change to them. */
export function invalidateStorefrontCache(id: number): void {
  cache.invalidate(id);
}
