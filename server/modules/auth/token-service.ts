import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import {
  answersByNumber,
  batchedPerDatabase,
  callsOfBatch,
  sharesTurns,
} from '../../db/batched-calls';
import type { Database, Db, DbOrTx } from '../../db/client';
import type { Unsubscribe } from '../../db/notifications';
import { builtOncePerDatabase } from '../../db/prepared';
import { cachedReadName, readCacheOf } from '../../db/read-cache';
import { objectJson, selectionFromJson, selectionJson } from '../../db/row-json';
import { authTokens, type Role, users } from '../../db/schema/identity';
import { newToken, sha256 } from '../../lib/secrets';
import { isStaff, type Principal } from './principal';

/** Idle time-outs and absolute limit (SECURITY "Tokens and sessions"). */
export const tokenLifetimes = {
  staffIdleSeconds: 15 * 60,
  patientIdleSeconds: 30 * 60,
  guestIdleSeconds: 12 * 60 * 60,
  absoluteSeconds: 12 * 60 * 60,
  /** lastSeenAt is written at most this often, so a busy client does not write on every call. */
  touchEverySeconds: 30,
} as const;

export function idleSecondsFor(role: Role): number {
  return isStaff(role) ? tokenLifetimes.staffIdleSeconds : tokenLifetimes.patientIdleSeconds;
}

export interface IssuedToken {
  token: string;
  tokenId: string;
  expiresInSeconds: number;
}

export async function issueToken(
  db: DbOrTx,
  input: { kind: 'user' | 'guest'; userId: string | null; role: Role | null; ip: string | null },
): Promise<IssuedToken> {
  const token = newToken();
  const idle =
    input.kind === 'guest'
      ? tokenLifetimes.guestIdleSeconds
      : idleSecondsFor(input.role ?? 'patient');
  const [row] = await db
    .insert(authTokens)
    .values({
      tokenHash: sha256(token),
      kind: input.kind,
      userId: input.userId,
      idleTimeoutSeconds: idle,
      expiresAt: new Date(Date.now() + tokenLifetimes.absoluteSeconds * 1000),
      ip: input.ip,
    })
    .returning({ id: authTokens.id });
  if (!row) throw new Error('token not stored');
  return { token, tokenId: row.id, expiresInSeconds: idle };
}

/**
 * Verified tokens are remembered for a few seconds, so a burst of reads from one client looks
 * the token up once: on the embedded database only, where one process is the whole server
 * (plugins/auth.ts). A revocation is announced with NOTIFY when its transaction commits, and
 * the listener forgets every remembered token when it hears it (a read that remembered a token
 * between the update and the commit is forgotten then, and a read still under way when it is
 * heard remembers nothing). Only reads use what is remembered: a
 * write always checks the token in the database. With no listener, nothing is remembered.
 */
const verifiedForMs = 5_000;
const verified = new Map<string, { principal: Principal; until: number }>();
const revocationChannel = 'auth_tokens_revoked';
/** Each app's listener, and whether it hears announcements now. */
const listeners = new Map<symbol, boolean>();

function announcementsHeard(): boolean {
  if (listeners.size === 0) return false;
  for (const up of listeners.values()) if (!up) return false;
  return true;
}

/**
 * Counts the forgettings: a read that began before one (it may have seen a token that a
 * transaction was revoking) must not remember what it read.
 */
let forgotten = 0;

/** Call on any change that ends sessions in this process (revocation, an account disabled). */
export function forgetVerifiedTokens() {
  forgotten += 1;
  verified.clear();
}

/** Listens for revocations announced by any process; the app calls the answer when it closes. */
export async function listenForRevocations(database: Database): Promise<Unsubscribe> {
  const id = Symbol('revocation listener');
  listeners.set(id, false);
  const unsubscribe = await database.subscribe(revocationChannel, {
    message: forgetVerifiedTokens,
    down: () => {
      listeners.set(id, false);
      forgetVerifiedTokens();
    },
    up: () => {
      // Whatever was announced while deaf is unknown: start from nothing.
      forgetVerifiedTokens();
      listeners.set(id, true);
    },
  });
  return async () => {
    listeners.delete(id);
    await unsubscribe();
  };
}

/**
 * The principal of a bearer token, or null when it is unknown, revoked, idle or expired.
 * `fresh` skips what is remembered (writes).
 */
export async function verifyToken(
  db: Db,
  token: string,
  apiKey: boolean,
  options: { fresh: boolean },
): Promise<Principal | null> {
  const hash = tokenHashOf(token);
  if (!hash) return null;
  const usable = !options.fresh && announcementsHeard();
  const remembered = usable ? verified.get(hash) : undefined;
  if (remembered && remembered.until > Date.now()) return { ...remembered.principal, apiKey };
  const before = forgotten;
  const found = await readToken(db, hash, apiKey);
  if (remembered) verified.delete(hash);
  // A revocation heard while the token was read: what was read may be from before its commit.
  if (!found || !usable || forgotten !== before) return found?.principal ?? null;
  if (verified.size > 10_000) verified.clear();
  verified.set(hash, {
    principal: found.principal,
    until: Math.min(Date.now() + verifiedForMs, found.validUntil),
  });
  return found.principal;
}

/** What a request's token is checked with: the token and its user. */
const tokenColumns = {
  id: authTokens.id,
  kind: authTokens.kind,
  userId: authTokens.userId,
  lastSeenAt: authTokens.lastSeenAt,
  idle: authTokens.idleTimeoutSeconds,
  expiresAt: authTokens.expiresAt,
  revokedAt: authTokens.revokedAt,
  role: users.role,
  email: users.email,
  disabledAt: users.disabledAt,
};

/** Joins a token to its user (`leftJoin(users, tokenUser)`). */
const tokenUser = eq(users.id, authTokens.userId);
/** The token whose hash is the placeholder `hash`. */
const tokenOfHash = eq(authTokens.tokenHash, sql.placeholder('hash'));

/**
 * A read of a token (by its hash, `{ hash }`) and, in the same statement, of what `read` reads
 * beside it: a scalar subquery (JSON) that may use the token's row, as its user's id, and the
 * values the call names in `valueTypes` (as `read`'s argument: SQL naming each value). The
 * answer is the token's row (null: unknown) and what was read.
 *
 * Calls in the same turn of the event loop go to the database as one named statement over
 * arrays of their values (`unnest(...) with ordinality`, each call's token and read a row of
 * the answer): one round trip for many requests under load (`batchedPerTurn`). On the embedded
 * database an answer is kept until any other statement is sent (the token's times are still
 * checked at each call, by `principalOfToken`): see server/db/read-cache.ts.
 */
export function tokenWith<Values extends string = never>(
  name: string,
  read: (values: Record<Values, SQL>) => SQL,
  valueTypes = {} as Record<Values, 'uuid' | 'text'>,
) {
  cachedReadName(name);
  const valueNames = Object.keys(valueTypes) as Values[];
  const arrays = [
    sql`${sql.placeholder('hash')}::text[]`,
    ...valueNames.map((key) => sql`${sql.placeholder(key)}::${sql.raw(valueTypes[key])}[]`),
  ];
  const askedColumns = ['hash', ...valueNames].map((key) => sql.raw(key));
  const askedValues = Object.fromEntries(
    valueNames.map((key) => [key, sql.raw(`asked.${key}`)]),
  ) as Record<Values, SQL>;
  // One JSON column per call: the driver describes and parses one field, not the token's ten.
  const query = builtOncePerDatabase((db) => {
    const found = db
      .select({
        found: objectJson({ token: selectionJson(tokenColumns), read: read(askedValues) }),
      })
      .from(authTokens)
      .leftJoin(users, tokenUser)
      .where(eq(authTokens.tokenHash, sql`asked.hash`))
      .limit(1);
    return db
      .select({ n: sql<string>`asked.n`, found: sql<FoundJson | null>`(${found})` })
      .from(callsOfBatch(arrays, 'asked', askedColumns))
      .prepare(name);
  });
  type Asked = { hash: string } & Record<Values, string | null>;
  const batch = batchedPerDatabase(async (db: Db, calls: Asked[]) => {
    const values: Record<string, (string | null)[]> = { hash: calls.map((call) => call.hash) };
    for (const key of valueNames) values[key] = calls.map((call) => call[key]);
    return answersByNumber(calls.length, await query(db).execute(values), (row) => row.found);
  });
  return async (db: Db, values: Asked) => {
    const run = () => batch(db, values);
    const cache = readCacheOf(db);
    const found = cache ? await cache.read(name, values, run) : await run();
    if (!found) return { token: null, read: null };
    // The user's columns are null for a guest's token (the left join): TokenRow says so.
    return { token: tokenFromJson(found.token) as TokenRow, read: found.read };
  };
}

type FoundJson = { token: Json; read: Json | null };
type Json = Record<string, unknown>;
const tokenFromJson = selectionFromJson(tokenColumns);

export type TokenRow = Awaited<ReturnType<ReturnType<typeof tokenByHash>['execute']>>[number];

/**
 * A token by its hash, with its user: read on every call of a signed-in patient or agent but
 * the hottest reads (which read theirs with their data). On PostgreSQL the turn's calls share
 * one statement (`tokenAlone`), elsewhere each call sends its own (`sharesTurns`).
 */
const tokenByHash = builtOncePerDatabase((db) =>
  db
    .select(tokenColumns)
    .from(authTokens)
    .leftJoin(users, tokenUser)
    .where(tokenOfHash)
    .limit(1)
    .prepare('token_by_hash'),
);
const tokenAlone = tokenWith('tokens_by_hash', () => sql`null`);

async function readToken(
  db: Db,
  hash: string,
  apiKey: boolean,
): Promise<{ principal: Principal; validUntil: number } | null> {
  const row = sharesTurns(db)
    ? (await tokenAlone(db, { hash })).token
    : (await tokenByHash(db).execute({ hash }))[0];
  return row ? principalOfToken(db, row, apiKey) : null;
}

/** The hash a bearer token is stored under; null for what cannot be a token. */
export function tokenHashOf(token: string): string | null {
  return token.length < 20 || token.length > 200 ? null : sha256(token);
}

/**
 * Who a token read from the database signs in (and until when), or null when it is revoked,
 * expired, idle too long, or its user is disabled. A token last seen long enough ago is marked
 * seen now (at most every `touchEverySeconds`).
 */
export async function principalOfToken(
  db: DbOrTx,
  row: TokenRow,
  apiKey: boolean,
): Promise<{ principal: Principal; validUntil: number } | null> {
  if (row.revokedAt) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) return null;
  if (row.lastSeenAt.getTime() + row.idle * 1000 <= now) return null;
  let seenAt = row.lastSeenAt.getTime();
  if (seenAt + tokenLifetimes.touchEverySeconds * 1000 <= now) {
    await db
      .update(authTokens)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(authTokens.id, row.id));
    seenAt = now;
  }
  const validUntil = Math.min(row.expiresAt.getTime(), seenAt + row.idle * 1000);
  if (row.kind === 'guest') {
    return { principal: { kind: 'guest', apiKey, tokenId: row.id }, validUntil };
  }
  if (!row.userId || !row.role || !row.email || row.disabledAt) return null;
  return {
    principal: {
      kind: 'user',
      apiKey,
      tokenId: row.id,
      userId: row.userId,
      role: row.role,
      email: row.email,
    },
    validUntil,
  };
}

export async function revokeToken(db: DbOrTx, tokenId: string): Promise<void> {
  forgetVerifiedTokens();
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
  await announceRevocation(db);
}

export async function revokeAllTokensOfUser(db: DbOrTx, userId: string): Promise<void> {
  forgetVerifiedTokens();
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
  await announceRevocation(db);
}

/** Ends every session of the user but one (sign out of every other device). */
export async function revokeOtherTokensOfUser(
  db: DbOrTx,
  userId: string,
  keepTokenId: string,
): Promise<number> {
  forgetVerifiedTokens();
  const revoked = await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        ne(authTokens.id, keepTokenId),
      ),
    )
    .returning({ id: authTokens.id });
  await announceRevocation(db);
  return revoked.length;
}

/** Heard by every listener once the surrounding transaction commits. */
async function announceRevocation(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${revocationChannel}, '')`);
}
