import type { Database, DbOrTx } from '../db/client';

interface Entry<V> {
  loadedAt: number;
  generation: number;
  value: Promise<V>;
  refreshing: boolean;
}

/**
 * A small in-memory cache for data read on hot paths (the catalog, storefront settings), one
 * per database so that several apps in one process (as the tests run them) never mix.
 *
 * A miss loads through the caller's handle: inside a transaction that is the transaction
 * itself, since an embedded PGlite has one connection and a query outside the transaction
 * would wait for it forever. An entry older than `maxAgeMs` is still served while it reloads
 * in the background (other server processes cannot see our invalidations, so entries age out).
 * `invalidate(key)` makes the next read of that key, in every database, a miss.
 */
export function createReadThroughCache<K, V>(options: {
  maxAgeMs: number;
  load: (db: DbOrTx, key: K) => Promise<V>;
  /** Whether a loaded value is worth keeping (e.g. not a miss for an unknown id). */
  keep?: (value: V) => boolean;
}) {
  const byDatabase = new WeakMap<Database, Map<K, Entry<V>>>();
  const generations = new Map<K, number>();
  const generationOf = (key: K) => generations.get(key) ?? 0;

  function entriesOf(database: Database) {
    let entries = byDatabase.get(database);
    if (!entries) {
      entries = new Map();
      byDatabase.set(database, entries);
    }
    return entries;
  }

  function store(database: Database, key: K, value: Promise<V>): Entry<V> {
    const entries = entriesOf(database);
    const entry: Entry<V> = {
      loadedAt: Date.now(),
      generation: generationOf(key),
      value,
      refreshing: false,
    };
    entries.set(key, entry);
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    value.then((loaded) => {
      if (options.keep && !options.keep(loaded)) forget();
    }, forget);
    return entry;
  }

  return {
    get(database: Database, key: K, db: DbOrTx = database.db): Promise<V> {
      const hit = entriesOf(database).get(key);
      if (!hit || hit.generation !== generationOf(key)) {
        return store(database, key, options.load(db, key)).value;
      }
      if (Date.now() - hit.loadedAt >= options.maxAgeMs && !hit.refreshing) {
        hit.refreshing = true;
        const fresh = options.load(database.db, key);
        fresh.then(
          () => store(database, key, fresh),
          () => {
            hit.refreshing = false;
          },
        );
      }
      return hit.value;
    },
    invalidate(key: K): void {
      generations.set(key, generationOf(key) + 1);
    },
  };
}
