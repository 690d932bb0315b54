import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../../server/db/schema/identity';
import { rateLimitWindows } from '../../server/db/schema/platform';
import { batchSizeFor, sharedRateLimitStore } from '../../server/plugins/shared-rate-limit';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** One hit on a store, as @fastify/rate-limit makes it. */
function hit(store: FastifyRateLimitStore, key: string, max: number) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error) : resolve(result)),
      60_000,
      max,
    ),
  );
}

describe('what several server processes share', () => {
  it('the request limit: two processes hammering one key hand out exactly the limit', async () => {
    const Store = sharedRateLimitStore(t.database.db);
    const processA = new Store({});
    const processB = new Store({});
    const max = 60;
    const key = `ip-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => hit(i % 2 ? processA : processB, key, max)),
    );
    const allowed = answers.filter((answer) => answer.current <= max);
    expect(allowed).toHaveLength(max);
    expect(answers.every((answer) => answer.ttl > 0 && answer.ttl <= 60_000)).toBe(true);
    // In batches: a few writes per process, not one per request.
    expect(batchSizeFor(max)).toBe(3);
    expect(batchSizeFor(600)).toBe(30);
  });

  it('the request limit: the next batch is taken while half the last is left, so no request waits for it', async () => {
    const Store = sharedRateLimitStore(t.database.db);
    const store = new Store({});
    const max = 600;
    const key = `ip-ahead-${Date.now()}`;
    const grantedOfKey = async () => {
      const rows = await t.database.db
        .select({ granted: rateLimitWindows.granted })
        .from(rateLimitWindows)
        .where(eq(rateLimitWindows.key, key));
      return rows[0]?.granted;
    };
    // The first hit takes a batch of 30; the fifteenth leaves 15 of it, and the next is asked.
    for (let i = 1; i <= 14; i++) expect((await hit(store, key, max)).current).toBe(i);
    expect(await grantedOfKey()).toBe(30);
    expect((await hit(store, key, max)).current).toBe(15);
    await expect.poll(grantedOfKey).toBe(60);
    for (let i = 16; i <= 45; i++) expect((await hit(store, key, max)).current).toBe(i);
    await expect.poll(grantedOfKey).toBe(90);
  });

  it('revocations: a revocation committed by another process is heard before the next read', async () => {
    const user = await createUser(t);
    for (let round = 0; round < 20; round++) {
      const login = await call(t.url, 'POST', '/api/auth/AccessTokenSfrw', {
        form: { username: user.email, password: user.password, companyid: '132' },
      });
      const token = login.body.Data.access_token as string;
      // A read verifies the token and remembers it.
      expect((await call(t.url, 'GET', '/api/user/User/UserInfo', { token })).status).toBe(200);
      // Another process revokes it: the row, and the announcement, in one transaction.
      await t.database.db.transaction(async (tx) => {
        await tx
          .update(authTokens)
          .set({ revokedAt: sql`now()` })
          .where(sql`${authTokens.userId} = ${user.id}`);
        await tx.execute(sql`select pg_notify('auth_tokens_revoked', '')`);
      });
      const after = await call(t.url, 'GET', '/api/user/User/UserInfo', { token });
      expect(after.status, `round ${round}`).toBe(401);
    }
  });

  it('liveness answers without the database; readiness is /api/health', async () => {
    const live = await call(t.url, 'GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body.Data.ok).toBe(true);
  });
});
