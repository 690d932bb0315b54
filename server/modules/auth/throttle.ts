import { and, count, eq, gt, sql } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import type { IpLimits } from '../../config';
import type { DbOrTx } from '../../db/client';
import { authAttempts } from '../../db/schema/identity';

export type { IpLimits } from '../../config';

export type AttemptMethod = (typeof authAttempts.$inferInsert)['method'];

/**
 * Per client IP, counted in the database so that every server process shares them: failures
 * only for sign-ins (`failures`), every attempt for what costs or holds something.
 */
const windows: Record<
  AttemptMethod,
  { seconds: number; limit: keyof IpLimits; failures: boolean }
> = {
  password: { seconds: 15 * 60, limit: 'signInFailures', failures: true },
  passcode: { seconds: 15 * 60, limit: 'signInFailures', failures: true },
  guest: { seconds: 15 * 60, limit: 'signInFailures', failures: true },
  'reset-use': { seconds: 15 * 60, limit: 'signInFailures', failures: true },
  'passcode-send': { seconds: 60 * 60, limit: 'sends', failures: false },
  reset: { seconds: 60 * 60, limit: 'sends', failures: false },
  registration: { seconds: 60 * 60, limit: 'registrations', failures: false },
  'registration-code': { seconds: 60 * 60, limit: 'sends', failures: false },
  'registration-code-use': { seconds: 15 * 60, limit: 'signInFailures', failures: true },
  'guest-issued': { seconds: 60 * 60, limit: 'guestTokens', failures: false },
  'card-decline': { seconds: 60 * 60, limit: 'cardDeclines', failures: false },
};

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
 * Refuses with 429 when this IP has failed this method too often lately, or (sends,
 * registrations, guest tokens, card declines) done it too often at all.
 */
export async function assertIpNotThrottled(
  db: DbOrTx,
  limits: IpLimits,
  method: AttemptMethod,
  ip: string | null,
  message: string = tooManyAttemptsMessage,
) {
  if (!ip) return;
  const window = windows[method];
  const since = new Date(Date.now() - window.seconds * 1000);
  const conditions = [
    eq(authAttempts.method, method),
    eq(authAttempts.ip, ip),
    gt(authAttempts.at, since),
  ];
  if (window.failures) conditions.push(eq(authAttempts.success, false));
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(...conditions));
  if ((row?.n ?? 0) >= limits[window.limit]) throw fail.tooManyRequests(message);
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
