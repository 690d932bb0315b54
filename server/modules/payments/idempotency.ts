import { createHmac } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { fail, isAppError } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/orders';
import { sha256 } from '../../lib/secrets';

/** What a request answered, kept to answer its retries the same way. */
export interface IdempotentResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyTicket {
  /** Whose keys these are and for what, e.g. `paynow:<userId>`: keys never collide across it. */
  scope: string;
  key: string;
  requestHash: string;
}

/** Keys are kept at least 24 hours (SECURITY "Payments"); the cleanup drops them after 48. */
export const idempotencyRetentionMs = 48 * 60 * 60 * 1000;
/** A key still "running" after this long belongs to a process that died mid-request. */
export const abandonedAfterMs = 5 * 60 * 1000;

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

/**
 * The fingerprint of a request body. Keyed (HMAC-SHA256 under a server secret) rather than a
 * bare SHA-256: a body may hold a card number, and an unkeyed hash of a number with a known
 * prefix and a Luhn digit can be brute-forced (PCI DSS 3.5.1.1 asks for keyed hashes).
 */
export function requestHashOf(secret: string, body: unknown): string {
  return createHmac('sha256', sha256(`idempotency-request:${secret}`))
    .update(canonicalJson(body))
    .digest('hex');
}

/**
 * Runs a request once per key (Stripe semantics, IETF Idempotency-Key draft):
 * - a new key runs `run` and keeps its answer: the same key and body later get that answer
 *   again (`replayed`), whatever its status;
 * - the same key with another body: 422; while the first request still runs: 409;
 * - when `run` throws a 4xx error, or an unexpected one, nothing was done that a retry must not
 *   repeat (by contract: throw only before any side effect), so the key is released and the
 *   client may retry with it; a 5xx AppError is final and kept like an answer.
 * Uses `db` outside of any transaction: the claim must be visible to concurrent requests.
 */
export async function withIdempotency(
  db: DbOrTx,
  ticket: IdempotencyTicket,
  run: () => Promise<IdempotentResponse>,
  now: () => Date = () => new Date(),
): Promise<IdempotentResponse & { replayed: boolean }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ ...ticket, state: 'running', createdAt: now() })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (claimed) return { ...(await runClaimed(db, claimed.id, run)), replayed: false };

    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, ticket.scope), eq(idempotencyKeys.key, ticket.key)));
    if (!existing) continue; // released meanwhile: claim it again
    const age = now().getTime() - existing.createdAt.getTime();
    if (age > idempotencyRetentionMs) {
      // Past its retention: a key used again after that is a new request.
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, existing.id));
      continue;
    }
    if (existing.requestHash !== ticket.requestHash) {
      throw fail.unprocessable(messages.idempotencyKeyReused);
    }
    if (existing.state === 'done') {
      return {
        status: existing.responseStatus ?? 200,
        body: existing.responseBody,
        replayed: true,
      };
    }
    if (age > abandonedAfterMs) {
      // The process that claimed it died; take it over (the gateway's own idempotency key
      // makes a charge that did happen come back instead of charging again).
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ createdAt: now() })
        .where(
          and(
            eq(idempotencyKeys.id, existing.id),
            eq(idempotencyKeys.state, 'running'),
            eq(idempotencyKeys.createdAt, existing.createdAt),
          ),
        )
        .returning({ id: idempotencyKeys.id });
      if (taken) return { ...(await runClaimed(db, taken.id, run)), replayed: false };
    }
    throw fail.conflict(messages.paymentInProgress);
  }
  throw fail.conflict(messages.paymentInProgress);
}

async function runClaimed(
  db: DbOrTx,
  id: number,
  run: () => Promise<IdempotentResponse>,
): Promise<IdempotentResponse> {
  let response: IdempotentResponse;
  try {
    response = await run();
  } catch (error) {
    if (isAppError(error) && error.status >= 500) {
      await keep(db, id, {
        status: error.status,
        body: { Data: null, Message: error.message, status: error.status },
      });
    } else {
      await db
        .delete(idempotencyKeys)
        .where(eq(idempotencyKeys.id, id))
        .catch(() => undefined); // left running, it is taken over once abandoned
    }
    throw error;
  }
  await keep(db, id, response);
  return response;
}

async function keep(db: DbOrTx, id: number, response: IdempotentResponse) {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: response.status, responseBody: response.body })
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
