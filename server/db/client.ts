import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { shareTurnsOn } from './batched-calls';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded-database';
import {
  type ChannelHandlers,
  listenOnPostgres,
  oneSessionChannels,
  type Unsubscribe,
} from './notifications';
import { keepTransactionPerConnection } from './pooled-transactions';
import { poolKeepingReads } from './read-cache';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: services accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs a trivial query; throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Hears `NOTIFY channel` from every process on this database (sent with `pg_notify` in a
   * transaction, heard once it commits).
   */
  subscribe(channel: string, handlers: ChannelHandlers): Promise<Unsubscribe>;
  close(): Promise<void>;
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** In memory only: start from this dumped data directory (`startEmbeddedDatabase`). */
      image?: Uint8Array | null;
    };

/**
 * Embedded PGlite (file-backed under the data dir, or in memory when dataDir is null), on a
 * thread of its own and reached through the same driver as PostgreSQL, over one connection
 * (PGlite is a single Postgres session).
 */
async function openPglite(
  dataDir: string | null,
  image: Uint8Array | null = null,
): Promise<Database> {
  let path: string | null = null;
  if (dataDir) {
    path = join(resolve(dataDir), 'pglite');
    mkdirSync(dirname(path), { recursive: true });
  }
  const embedded = await startEmbeddedDatabase(path, image);
  // This process is PGlite's only client: its hot reads are answered from memory until a write.
  const pool = poolKeepingReads(embeddedPoolConfig(embedded));
  pool.on('error', () => {});
  return {
    ...overPool(pool, 'pglite'),
    subscribe: oneSessionChannels(pool),
    close: async () => {
      await pool.end();
      await embedded.stop();
    },
  };
}

/** The pool the app reaches the embedded database through: its one session, one connection. */
export function embeddedPoolConfig(embedded: EmbeddedDatabase): pg.PoolConfig {
  return {
    host: embedded.socketDir,
    port: embedded.port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
    // Queries wait their turn for the one connection; one held longer than this is a bug.
    connectionTimeoutMillis: 30_000,
  };
}

/** The pool the app reaches PostgreSQL through. */
export function postgresPoolConfig(url: string, poolSize = 10): pg.PoolConfig {
  // A connection attempt gives up after 5 s, so that requests during a database restart
  // fail fast (503, see connection-errors.ts) instead of queueing without end.
  return { connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 };
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool(postgresPoolConfig(url, poolSize));
  shareTurnsOn(pool);
  // An idle connection the server drops (a restart, a killed backend) must not crash the
  // process: the pool discards it and opens another on the next query.
  pool.on('error', () => {});
  return {
    ...overPool(pool, 'postgres'),
    subscribe: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

function overPool(pool: pg.Pool, kind: Database['kind']) {
  const db = drizzle(pool, { schema }) as unknown as Db;
  keepTransactionPerConnection(db, pool);
  return {
    db,
    kind,
    migrate: () => migrate(db as never, { migrationsFolder }),
    ping: async () => {
      await pool.query('select 1');
    },
  };
}

export function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres'
    ? openPostgres(target.url, target.poolSize)
    : openPglite(target.dataDir, target.image);
}
