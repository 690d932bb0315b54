import type { Database } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { RequestContext } from '../auth/request-context';
import { storefrontProducts } from '../catalog/product-cache';
import { cachedStorefrontSettings } from '../config/storefront-cache';
import type { OrderWithParts } from './order-parts';
import type { OrderRow } from './order-queries';

/**
 * Answers to the hottest reads (a patient's cart, a guest's order, order details), kept by this
 * process with the versions of the rows they were made from (`orderWithPartsVersion`). The
 * statement that checks the caller's token is sent the versions kept for the caller, computes
 * the rows' current ones, and reads the order only when they differ: the database decides at
 * every call as before (a change made through any server shows at the next read, a sign-out
 * holds at once), and what is kept spares building, sending, mapping, pricing, shaping and
 * writing the order when none of its rows changed.
 */

/** An order whose answer the caller keeps: the versions of its rows, and its row as read. */
export interface KnownOrder {
  version: string;
  order: OrderRow;
}

/** What a read of an order with its versions found; `read` null when they were `known`. */
export interface VersionedOrder<Read> extends KnownOrder {
  read: Read | null;
}

interface KeptAnswer extends KnownOrder {
  answer: object;
  /** What else it was made from in this process (the catalog, the settings): kept while the same. */
  madeWith: readonly unknown[];
  /** When it is made again even if nothing changed: a promo code's start or end, or its age. */
  until: number;
}

/** Bounds what one process keeps, and how long (a version's transaction ids never wrap in it). */
const keptAnswerLimits = { entries: 1_000, maxAgeMs: 60_000 };

const keptByDatabase = new WeakMap<Database, Map<string, KeptAnswer>>();

function keptOf(database: Database): Map<string, KeptAnswer> {
  let kept = keptByDatabase.get(database);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(database, kept);
  }
  return kept;
}

/** What else an order's answer is made from in this process: the same objects while unchanged. */
async function madeWithOf(deps: AppDeps, storefrontId: number): Promise<unknown[]> {
  return [
    await storefrontProducts(deps.database, storefrontId),
    await cachedStorefrontSettings(deps.database, storefrontId),
  ];
}

/** When an answer made from this read is made again anyway: a promo code starting or ending. */
function untilOf(read: OrderWithParts, now: number): number {
  const promo = read.parts.promo;
  const changes = [promo?.startsAt?.getTime(), promo?.endsAt?.getTime()];
  const next = changes.filter((at): at is number => at !== undefined && at > now);
  return Math.min(now + keptAnswerLimits.maxAgeMs, ...next);
}

/** The answer kept under `key`, while its time and what else it was made from still hold. */
async function keptAnswer(deps: AppDeps, key: string): Promise<KeptAnswer | null> {
  const kept = keptOf(deps.database);
  const found = kept.get(key);
  if (!found) return null;
  if (found.until > Date.now()) {
    const madeWith = await madeWithOf(deps, found.order.storefrontId);
    if (madeWith.every((input, i) => input === found.madeWith[i])) return found;
  }
  if (kept.get(key) === found) kept.delete(key);
  return null;
}

function keep(database: Database, key: string, answer: KeptAnswer): void {
  const kept = keptOf(database);
  kept.delete(key);
  kept.set(key, answer);
  // The oldest kept first out (a Map iterates in the order its keys were set).
  for (const oldest of kept.keys()) {
    if (kept.size <= keptAnswerLimits.entries) break;
    kept.delete(oldest);
  }
}

/**
 * The answer to a hot read of an order for the caller `key` names: the kept one when the rows
 * it was made from are unchanged (the read's statement says so), else made from the read and
 * kept (frozen: every caller it is sent to gets the same). `found` null: no order to answer.
 */
export async function answerKeptOrMade<Read extends OrderWithParts, Answer extends object>(
  deps: AppDeps,
  key: string,
  readSignedIn: (
    known: KnownOrder | null,
  ) => Promise<{ context: RequestContext; found: VersionedOrder<Read> | null }>,
  make: (read: Read) => Promise<Answer>,
): Promise<{ context: RequestContext; found: { order: OrderRow; answer: Answer } | null }> {
  const kept = await keptAnswer(deps, key);
  const { context, found } = await readSignedIn(kept);
  if (!found) return { context, found: null };
  // No read: its versions were the kept ones (`versionedOrder` makes sure of it).
  if (!found.read) {
    if (!kept) throw new Error('an order read without its row');
    return { context, found: { order: kept.order, answer: kept.answer as Answer } };
  }
  const now = Date.now();
  const madeWith = await madeWithOf(deps, found.order.storefrontId);
  const answer = Object.freeze(await make(found.read));
  keep(deps.database, key, {
    version: found.version,
    order: found.order,
    answer,
    madeWith,
    until: untilOf(found.read, now),
  });
  return { context, found: { order: found.order, answer } };
}
