import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { builtOncePerDatabase } from '../db/prepared';
import { rateLimitWindows } from '../db/schema/platform';

/** A share of the limit taken at a time: few database writes, and never over the limit. */
export function batchSizeFor(max: number): number {
  return Math.max(1, Math.min(50, Math.ceil(max / 20)));
}

interface Lease {
  windowStart: number;
  /** Allowance this process holds and has not used yet. */
  remaining: number;
  /** The window's total handed out to every process, as last read. */
  grantedTotal: number;
  /** A batch being taken: later requests of the key wait for it instead of taking their own. */
  taking: Promise<void> | null;
}

/**
 * Takes up to `want` from the key's window, never past `max` (`{ key, windowStart, want, max }`):
 * the row of the window as it then stands, whose `got` is what this caller got; no row when the
 * window was used up. One statement, safe with any number of processes at once (the row lock of
 * the upsert orders them); built and prepared once, as it runs every few requests under load.
 */
const takeStatement = builtOncePerDatabase((db) => {
  const want = sql`${sql.placeholder('want')}::int`;
  const max = sql`${sql.placeholder('max')}::int`;
  // The window's first take, and a later one: what the window then holds in all.
  const grantedFirst = sql`least(${want}, ${max})`;
  const grantedNow = sql`least(${rateLimitWindows.granted} + ${want}, ${max})`;
  return db
    .insert(rateLimitWindows)
    .values({
      key: sql.placeholder('key'),
      windowStart: sql.placeholder('windowStart'),
      granted: grantedFirst,
      lastGrant: grantedFirst,
    })
    .onConflictDoUpdate({
      target: [rateLimitWindows.key, rateLimitWindows.windowStart],
      set: { granted: grantedNow, lastGrant: sql`${grantedNow} - ${rateLimitWindows.granted}` },
      setWhere: sql`${rateLimitWindows.granted} < ${max}`,
    })
    .returning({ granted: rateLimitWindows.granted, got: rateLimitWindows.lastGrant })
    .prepare('take_rate_limit_allowance');
});

/** What a take got (0 when the window is used up) and the window's new total. */
async function take(db: Db, key: string, windowStart: Date, want: number, max: number) {
  const [row] = await takeStatement(db).execute({ key, windowStart, want, max });
  return row ? { got: row.got, total: row.granted } : { got: 0, total: max };
}

/**
 * The store of @fastify/rate-limit for several server processes on one PostgreSQL: each
 * process takes allowance from the shared window in batches and hands it out locally, so the
 * limit holds across processes (a request beyond it is refused wherever it lands) at the cost
 * of one write per batch. Fixed windows, as the plugin's own local store.
 */
export function sharedRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const leases = new Map<string, Lease>();

  const takeBatch = async (key: string, lease: Lease, max: number) => {
    const { got, total } = await take(db, key, new Date(lease.windowStart), batchSizeFor(max), max);
    lease.remaining += got;
    lease.grantedTotal = total;
  };

  const leaseOf = (key: string, windowStart: number): Lease => {
    const held = leases.get(key);
    if (held && held.windowStart === windowStart) return held;
    if (leases.size > 50_000) leases.clear();
    const fresh: Lease = { windowStart, remaining: 0, grantedTotal: 0, taking: null };
    leases.set(key, fresh);
    return fresh;
  };

  /** The key's batch being taken, or a new take of one. */
  const taking = (key: string, lease: Lease, max: number): Promise<void> => {
    lease.taking ??= takeBatch(key, lease, max).finally(() => {
      lease.taking = null;
    });
    return lease.taking;
  };

  const hit = async (key: string, timeWindow: number, max: number) => {
    const now = Date.now();
    const windowStart = now - (now % timeWindow);
    const ttl = windowStart + timeWindow - now;
    const lease = leaseOf(key, windowStart);
    while (lease.remaining === 0) {
      const own = !lease.taking;
      await taking(key, lease, max);
      // Used up: this caller's own take got nothing, or the window is known to be full.
      if (lease.remaining === 0 && (own || lease.grantedTotal >= max)) {
        return { current: max + 1, ttl };
      }
    }
    lease.remaining -= 1;
    // Half the batch used: the next is taken meanwhile, so that requests do not wait for it
    // (its error, if any, is met by the request that waits for the batch after it).
    if (lease.remaining <= batchSizeFor(max) / 2 && lease.grantedTotal < max && !lease.taking) {
      taking(key, lease, max).catch(() => undefined);
    }
    return { current: lease.grantedTotal - lease.remaining, ttl };
  };

  class SharedWindowStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      hit(key, timeWindow, max).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child() {
      return new SharedWindowStore();
    }
  }
  return SharedWindowStore;
}

/** Windows older than this are deleted by `pruneRateLimitWindows` (any process may run it). */
const keepWindowsMs = 10 * 60_000;

export async function pruneRateLimitWindows(db: Db): Promise<void> {
  await db
    .delete(rateLimitWindows)
    .where(lt(rateLimitWindows.windowStart, new Date(Date.now() - keepWindowsMs)));
}
