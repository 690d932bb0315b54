import type { DbOrTx } from './client';

/**
 * A query built once per database handle (the database, or one transaction) rather than at
 * every call: building a query with drizzle costs more than running a small one. Give it a
 * statement name (`.prepare(name)`), and placeholders for the values that vary, so that the
 * database also parses it once per connection.
 */
export function builtOncePerHandle<Query>(build: (db: DbOrTx) => Query): (db: DbOrTx) => Query {
  const built = new WeakMap<DbOrTx, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
