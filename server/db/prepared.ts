import type { DbOrTx } from './client';

/**
 * What drizzle's node-postgres driver keeps on a handle and on a prepared query (not in its
 * types): a database and its transactions share one dialect; a handle's session, and a
 * prepared query, hold the connection their statements go to (the pool, or the transaction's
 * own client). `tests/api/prepared-queries.test.ts` holds this to drizzle's behaviour.
 */
export interface HandleInternals {
  dialect: object;
  session: { client: unknown };
}
interface PreparedInternals {
  client: unknown;
}

/**
 * A query built once per database, for the database and every one of its transactions, rather
 * than at every call: building a query with drizzle costs more than running a small one (a
 * cart's change, in a transaction of its own, spent a third of the server's time building the
 * same statements again). Give it a statement name (`.prepare(name)`) and placeholders for the
 * values that vary, so that the database also parses it once per connection. Called with a
 * transaction, the query runs on that transaction's connection.
 */
export function builtOncePerDatabase<Query extends object>(
  build: (db: DbOrTx) => Query,
): (db: DbOrTx) => Query {
  const built = new WeakMap<object, Query>();
  // The query on each transaction's connection, kept with the connection (a pooled connection
  // serves many transactions).
  const onConnection = new WeakMap<object, Query>();
  return (db) => {
    const { dialect, session } = db as unknown as HandleInternals;
    let query = built.get(dialect);
    if (!query) {
      query = build(db);
      built.set(dialect, query);
    }
    const client = session.client as object;
    if ((query as unknown as PreparedInternals).client === client) return query;
    let onClient = onConnection.get(client);
    if (!onClient) {
      onClient = Object.create(query, { client: { value: client } }) as Query;
      onConnection.set(client, onClient);
    }
    return onClient;
  };
}
