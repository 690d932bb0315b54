import { createHmac } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { AppError, type ErrorKind, fail, isAppError } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/orders';
import { sha256 } from '../../lib/secrets';

/** What a request's run gave (its service's result, never an HTTP answer), and whether kept. */
export interface IdempotentResult<T> {
  result: T;
  /** True when this is the kept result of an earlier run: nothing ran now. */
  replayed: boolean;
}

export interface IdempotencyTicket {
  /** Whose keys these are and for what, e.g. `paynow:<userId>`: keys never collide across it. */
  scope: string;
  key: string;
  requestHash: string;
}

/** Keys are kept at least 24 hours (SECURITY "Payments"); the cleanup drops them after 48. */
export const idempotencyRetentionMs = 48 * 60 * 60 * 1000;
/** The process running a key renews its heartbeat this often... */
export const heartbeatEveryMs = 3_000;
/** ...so a running key whose heartbeat is older than this belongs to a dead process. */
export const abandonedAfterMs = 12_000;

/**
 * Marks the key done with its result inside the caller's transaction, so that the result is
 * kept exactly when the work it stands for is committed (a crash in between leaves neither).
 */
export type KeepResult<T> = (tx: DbOrTx, result: T) => Promise<void>;

/** JSON with object keys sorted at every level, so that equal bodies hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Card fields that never enter a fingerprint: the number counts by its last 4, the CVC not at all. */
function withoutCardData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCardData);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === 'cvc') continue;
    copy[key] =
      key === 'cardNumber' && typeof field === 'string'
        ? `last4:${field.replace(/\D/g, '').slice(-4)}`
        : withoutCardData(field);
  }
  return copy;
}

/**
 * The fingerprint of a request body, card data left out (a card number or CVC is never kept,
 * not even hashed), keyed with HMAC-SHA256 under the server-only secret (SERVER_SECRET), so
 * that what is left cannot be guessed from the hash either.
 */
export function requestHashOf(serverSecret: string, body: unknown): string {
  return createHmac('sha256', sha256(`idempotency-request:${serverSecret}`))
    .update(canonicalJson(withoutCardData(body)))
    .digest('hex');
}

/**
 * Runs a request once per key (Stripe semantics, IETF Idempotency-Key draft):
 * - a new key runs `run` and keeps its result (JSON): the same key and body later get that
 *   result again (`replayed`), and the route renders it the same way;
 * - the same key with another body: 422; while the first request still runs: 409;
 * - when `run` throws a 4xx error, or an unexpected one, nothing was done that a retry must not
 *   repeat (by contract: throw only before any side effect, or leave what was done for the
 *   retry to find, as a pending payment), so the key is released and the client may retry
 *   with it; a 5xx AppError is final and kept, thrown again to retries, except a 503 (not
 *   known yet);
 * - `run` may keep its result itself inside its own transaction (`keepResult`);
 * - while `run` runs, the key's heartbeat is renewed: a key whose heartbeat stopped (its
 *   process died) is taken over by the next retry within seconds.
 * Uses `db` outside of any transaction: the claim must be visible to concurrent requests.
 */
export async function withIdempotency<T>(
  db: DbOrTx,
  ticket: IdempotencyTicket,
  run: (keepResult: KeepResult<T>) => Promise<T>,
  now: () => Date = () => new Date(),
): Promise<IdempotentResult<T>> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ ...ticket, state: 'running', createdAt: now(), heartbeatAt: now() })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claimed) return { result: await runClaimed(db, claimed.id, run), replayed: false };

    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, ticket.scope), eq(idempotencyKeys.key, ticket.key)));
    if (!existing) continue; // released meanwhile: claim it again
    if (now().getTime() - existing.createdAt.getTime() > idempotencyRetentionMs) {
      // Past its retention: a key used again after that is a new request.
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, existing.id));
      continue;
    }
    if (existing.requestHash !== ticket.requestHash) {
      throw fail.unprocessable(messages.idempotencyKeyReused);
    }
    if (existing.state === 'done') {
      if (existing.failure) throw new AppError(existing.failure.kind, existing.failure.message);
      return { result: existing.result as T, replayed: true };
    }
    if (now().getTime() - existing.heartbeatAt.getTime() > abandonedAfterMs) {
      // The process that claimed it died; take it over (a payment it left pending is settled
      // by looking its charge up at the gateway, never by charging again).
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ heartbeatAt: now() })
        .where(
          and(
            eq(idempotencyKeys.id, existing.id),
            eq(idempotencyKeys.state, 'running'),
            eq(idempotencyKeys.heartbeatAt, existing.heartbeatAt),
          ),
        )
        .returning({ id: idempotencyKeys.id });
      if (taken) return { result: await runClaimed(db, taken.id, run), replayed: false };
    }
    throw fail.conflict(messages.paymentInProgress);
  }
  throw fail.conflict(messages.paymentInProgress);
}

async function runClaimed<T>(
  db: DbOrTx,
  id: number,
  run: (keepResult: KeepResult<T>) => Promise<T>,
): Promise<T> {
  let result: T;
  const heartbeat = setInterval(() => {
    db.update(idempotencyKeys)
      .set({ heartbeatAt: new Date() })
      .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'running')))
      .catch(() => undefined); // a missed beat only lets a retry take over sooner
  }, heartbeatEveryMs);
  heartbeat.unref();
  try {
    result = await run((tx, kept) => keep(tx, id, { result: kept }));
  } catch (error) {
    // 503: the outcome is not known yet (the gateway could not be reached): the client must
    // be able to ask again with the same key, and the retry settles the payment.
    if (isAppError(error) && error.status >= 500 && error.status !== 503) {
      await keep(db, id, { failure: { kind: error.kind, message: error.message } });
    } else {
      await db
        .delete(idempotencyKeys)
        .where(eq(idempotencyKeys.id, id))
        .catch(() => undefined); // left running, it is taken over once abandoned
    }
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
  await keep(db, id, { result });
  return result;
}

async function keep(
  db: DbOrTx,
  id: number,
  outcome: { result: unknown } | { failure: { kind: ErrorKind; message: string } },
) {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', ...outcome })
    .where(eq(idempotencyKeys.id, id));
}

/** Drops keys past their retention; returns how many. Run it from a periodic job. */
export async function deleteExpiredIdempotencyKeys(db: DbOrTx, now = new Date()): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - idempotencyRetentionMs)))
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}
