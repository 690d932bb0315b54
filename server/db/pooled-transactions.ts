import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client';
import type { HandleInternals } from './prepared';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Gives `db.transaction` a transaction object made once per pooled connection and kept with it.
 * drizzle makes a new one for every transaction, and its constructor builds a relational query
 * builder for each table of the schema: 3 % of an add to cart's server time. The object holds
 * nothing of one transaction (its connection, dialect and schema only), and a connection runs
 * one transaction at a time. Its statements are drizzle's: BEGIN, the work, COMMIT or, when the
 * work throws, ROLLBACK; nested transactions are savepoints as before. A connection lost on the
 * way (or whose ROLLBACK fails) is discarded rather than put back in the pool.
 */
export function keepTransactionPerConnection(db: Db, pool: pg.Pool): void {
  const { fullSchema, schema, tableNamesMap } = db._;
  const relational = schema ? { fullSchema, schema, tableNamesMap } : undefined;
  // The database's own dialect: queries built once per database are keyed by it (prepared.ts).
  const { dialect } = db as unknown as HandleInternals;
  const kept = new WeakMap<pg.PoolClient, Transaction>();
  const transactionOn = (client: pg.PoolClient): Transaction => {
    let tx = kept.get(client);
    if (!tx) {
      const session = new NodePgSession(client, dialect as PgDialect, relational);
      tx = new NodePgTransaction(
        dialect as PgDialect,
        session,
        relational,
      ) as unknown as Transaction;
      kept.set(client, tx);
    }
    return tx;
  };

  const transaction = async <T>(work: (tx: Transaction) => Promise<T>, config?: unknown) => {
    if (config !== undefined) throw new Error('Transaction settings are not supported here.');
    const client = await pool.connect();
    let broken: Error | undefined;
    // The pool listens for a lost connection only while a client is idle: without this, the
    // database going away mid-transaction would be an uncaught error and end the process.
    const lost = (error: Error) => {
      broken = error;
    };
    client.on('error', lost);
    try {
      await client.query('begin');
      const result = await work(transactionOn(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      client.removeListener('error', lost);
      client.release(broken);
    }
  };
  db.transaction = transaction as Db['transaction'];
}
