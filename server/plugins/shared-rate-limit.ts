import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
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
 * Takes up to `want` from the key's window, never past `max`: the answer is what this caller
 * got (0 when the window is used up) and the window's new total. One statement, safe with any
 * number of processes at once (the row lock of the upsert orders them).
 */
async function take(db: Db, key: string, windowStart: Date, want: number, max: number) {
  const rows = await db
    .insert(rateLimitWindows)
    .values({ key, windowStart, granted: Math.min(want, max), lastGrant: Math.min(want, max) })
    .onConflictDoUpdate({
      target: [rateLimitWindows.key, rateLimitWindows.windowStart],
      set: {
        granted: sql`least(${rateLimitWindows.granted} + ${want}, ${max})`,
        lastGrant: sql`least(${rateLimitWindows.granted} + ${want}, ${max}) - ${rateLimitWindows.granted}`,
      },
      setWhere: lt(rateLimitWindows.granted, max),
    })
    .returning({ granted: rateLimitWindows.granted, got: rateLimitWindows.lastGrant });
  const row = rows[0];
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

  const hit = async (key: string, timeWindow: number, max: number) => {
    const now = Date.now();
    const windowStart = now - (now % timeWindow);
    const ttl = windowStart + timeWindow - now;
    const lease = leaseOf(key, windowStart);
    while (lease.remaining === 0) {
      if (!lease.taking) {
        lease.taking = takeBatch(key, lease, max).finally(() => {
          lease.taking = null;
        });
        await lease.taking;
        if (lease.remaining === 0) return { current: max + 1, ttl };
      } else {
        await lease.taking;
        if (lease.remaining === 0 && lease.grantedTotal >= max) return { current: max + 1, ttl };
      }
    }
    lease.remaining -= 1;
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
