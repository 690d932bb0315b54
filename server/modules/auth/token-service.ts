import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
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
 * Verified tokens are remembered for a few seconds, so a burst of calls from one client reads
 * the token once. Every revocation in this process forgets them all at once; another server
 * process (several behind a balancer) sees a revocation within `verifiedForMs`.
 */
const verifiedForMs = 5_000;
const verified = new Map<string, { principal: Principal; until: number }>();

/** Call on any change that ends sessions (revocation, an account disabled). */
export function forgetVerifiedTokens() {
  verified.clear();
}

/** The principal of a bearer token, or null when it is unknown, revoked, idle or expired. */
export async function verifyToken(
  db: Db,
  token: string,
  apiKey: boolean,
): Promise<Principal | null> {
  if (token.length < 20 || token.length > 200) return null;
  const hash = sha256(token);
  const remembered = verified.get(hash);
  if (remembered && remembered.until > Date.now()) return { ...remembered.principal, apiKey };
  const found = await readToken(db, hash, apiKey);
  if (remembered) verified.delete(hash);
  if (!found) return null;
  if (verified.size > 10_000) verified.clear();
  verified.set(hash, {
    principal: found.principal,
    until: Math.min(Date.now() + verifiedForMs, found.validUntil),
  });
  return found.principal;
}

async function readToken(
  db: Db,
  hash: string,
  apiKey: boolean,
): Promise<{ principal: Principal; validUntil: number } | null> {
  const rows = await db
    .select({
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
    })
    .from(authTokens)
    .leftJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, hash))
    .limit(1);
  const row = rows[0];
  if (!row || row.revokedAt) return null;
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
}

export async function revokeAllTokensOfUser(db: DbOrTx, userId: string): Promise<void> {
  forgetVerifiedTokens();
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}
