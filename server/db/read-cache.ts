import pg from 'pg';
import type { DbOrTx } from './client';
import type { HandleInternals } from './prepared';

/**
 * The answers of a few named read statements, kept in memory on the embedded database until
 * any other statement is sent. One process holds PGlite, and every statement reaches it through
 * this process's pool of one connection, which runs them one at a time in the order they were
 * sent (a transaction holds that connection to its end). So any statement but these reads may
 * change what they read: each one sent drops every answer kept (and every read under way, whose
 * answer then serves only the calls made before it), and calls meanwhile share one read.
 * A read in a transaction is not kept. PostgreSQL has no such cache: other processes write to
 * it, and a process would hear of their writes only after they commit (see the README).
 */
export interface ReadCache {
  /** What `run` (the statement `name` with `values`) answers, sent once until a write. */
  read<T>(name: string, values: Record<string, unknown>, run: () => Promise<T>): Promise<T>;
}

/** Statements that only read: sending one drops no answer. */
const cachedReadNames = new Set<string>();

/** Names a statement that reads and changes nothing, so its answers may be kept. */
export function cachedReadName(name: string): string {
  cachedReadNames.add(name);
  return name;
}

/** The cache of each pool that keeps one (the database's own handle has the pool as client). */
const cacheOfPool = new WeakMap<object, ReadCache>();

/** The cache the handle's statements may use: none in a transaction, nor on PostgreSQL. */
export function readCacheOf(db: DbOrTx): ReadCache | undefined {
  return cacheOfPool.get((db as unknown as HandleInternals).session.client as object);
}

/** Past this many answers kept, the oldest go (any other statement drops them all). */
const maxAnswers = 1_000;

/**
 * A pool for the embedded database (`config`: one connection) whose statements keep the named
 * reads' answers until another statement is sent.
 */
export function poolKeepingReads(config: pg.PoolConfig): pg.Pool {
  if (config.max !== 1) throw new Error('A read cache needs a pool of one connection');
  const kept = new Map<string, Promise<unknown>>();
  class ClientDroppingAnswers extends pg.Client {}
  ClientDroppingAnswers.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
    if (!isCachedRead(args[0])) kept.clear();
    return (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
  } as pg.Client['query'];
  const pool = new pg.Pool({ ...config, Client: ClientDroppingAnswers });
  cacheOfPool.set(pool, {
    read<T>(name: string, values: Record<string, unknown>, run: () => Promise<T>): Promise<T> {
      const key = `${name} ${JSON.stringify(values)}`;
      const sent = kept.get(key);
      if (sent) return sent as Promise<T>;
      const answer = run().then(deepFreeze);
      if (kept.size >= maxAnswers) kept.delete(kept.keys().next().value as string);
      kept.set(key, answer);
      // A failed read is not kept (any other statement drops the others).
      answer.catch(() => {
        if (kept.get(key) === answer) kept.delete(key);
      });
      return answer;
    },
  });
  return pool;
}

function isCachedRead(query: unknown): boolean {
  if (typeof query !== 'object' || query === null) return false;
  const name = (query as { name?: unknown }).name;
  return typeof name === 'string' && cachedReadNames.has(name);
}

/** Shared answers are frozen: a caller that changed one would change every other's. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
