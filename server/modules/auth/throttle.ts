import { and, count, eq, gt, sql } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import type { DbOrTx } from '../../db/client';
import { authAttempts } from '../../db/schema/identity';

export type AttemptMethod = (typeof authAttempts.$inferInsert)['method'];

/** Per client IP, counted in the database so that every server process shares them: failed
 * sign-ins in 15 minutes, or (for sends of passcodes and reset links) every send in an hour. */
const windows: Record<AttemptMethod, { seconds: number; limit: 'signInFailures' | 'sends' }> = {
  password: { seconds: 15 * 60, limit: 'signInFailures' },
  passcode: { seconds: 15 * 60, limit: 'signInFailures' },
  guest: { seconds: 15 * 60, limit: 'signInFailures' },
  'passcode-send': { seconds: 60 * 60, limit: 'sends' },
  reset: { seconds: 60 * 60, limit: 'sends' },
};

export interface IpLimits {
  signInFailures: number;
  sends: number;
}

export const tooManyAttemptsMessage =
  'Too many attempts from this network. Please wait a few minutes and try again.';

export async function recordAttempt(
  db: DbOrTx,
  input: { method: AttemptMethod; ip: string | null; account: string | null; success: boolean },
) {
  await db.insert(authAttempts).values({
    method: input.method,
    ip: input.ip,
    account: input.account?.toLowerCase() ?? null,
    success: input.success,
  });
}

/**
 * Refuses with 429 when this IP has failed this method too often lately. For sends every one
 * counts (each is an email or a text message someone pays for), not only failures.
 */
export async function assertIpNotThrottled(
  db: DbOrTx,
  limits: IpLimits,
  method: AttemptMethod,
  ip: string | null,
) {
  if (!ip) return;
  const window = windows[method];
  const since = new Date(Date.now() - window.seconds * 1000);
  const conditions = [
    eq(authAttempts.method, method),
    eq(authAttempts.ip, ip),
    gt(authAttempts.at, since),
  ];
  if (window.limit === 'signInFailures') conditions.push(eq(authAttempts.success, false));
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(...conditions));
  if ((row?.n ?? 0) >= limits[window.limit]) throw fail.tooManyRequests(tooManyAttemptsMessage);
}

/** Count of this account's attempts of a method since a moment (all, or failures only). */
export async function countAccountAttempts(
  db: DbOrTx,
  method: AttemptMethod,
  account: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.method, method),
        sql`${authAttempts.account} = lower(${account})`,
        gt(authAttempts.at, since),
      ),
    );
  return row?.n ?? 0;
}
