import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../server/db/schema/orders';
import { call } from '../api/helpers/http';
import { createUser } from '../api/helpers/users';
import { type Cluster, servedBy, startCluster } from './helpers/cluster';
import { orderReadyToPay, payNow } from './helpers/guest-checkout';

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ replicas: 2 });
});
afterAll(async () => {
  await cluster?.close();
});

describe('two replicas behind nginx, one PostgreSQL', () => {
  it('a whole checkout, its calls spread over both replicas, ends in a paid order', async () => {
    const { orderId, token, served } = await orderReadyToPay(cluster);
    const paid = await payNow(cluster.url, token, orderId, `c-${randomUUID()}`);
    served.push(servedBy(paid.headers));
    expect(paid.status).toBe(200);
    expect(paid.body.Data.status).toBe('approved');
    expect(new Set(served)).toEqual(new Set(['replica-1', 'replica-2']));
    const [order] = await cluster.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('approved');
  });

  it('20 concurrent payments of one order, split over both replicas, charge it once', async () => {
    const { orderId, token } = await orderReadyToPay(cluster);
    const sharedKey = `c-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const replica = cluster.replicas[i % 2];
        if (!replica) throw new Error('no replica');
        // Half retry one attempt (one key), half are separate attempts (a double click).
        const key = i < 10 ? sharedKey : `c-${randomUUID()}`;
        return payNow(replica.url, token, orderId, key);
      }),
    );
    const succeeded = await cluster.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
    expect(succeeded).toHaveLength(1);
    const paid = answers.filter((answer) => answer.status === 200);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(new Set(paid.map((answer) => answer.body.Data.orderNumber)).size).toBe(1);
    expect(new Set(answers.map((answer) => servedBy(answer.headers)))).toEqual(
      new Set(['replica-1', 'replica-2']),
    );
    // Every other answer says why, and none is a server error.
    for (const answer of answers) expect([200, 409, 422]).toContain(answer.status);
  });

  it('a token logged out on one replica is refused by the other at once', async () => {
    const [a, b] = cluster.replicas;
    if (!a || !b) throw new Error('two replicas expected');
    const user = await createUser(cluster);
    for (let round = 0; round < 20; round++) {
      const login = await call(a.url, 'POST', '/api/auth/AccessTokenSfrw', {
        form: { username: user.email, password: user.password, companyid: '132' },
      });
      const token = login.body.Data.access_token as string;
      expect((await call(b.url, 'GET', '/api/user/User/UserInfo', { token })).status).toBe(200);
      expect((await call(a.url, 'POST', '/api/auth/LogoutSfrw', { token })).status).toBe(200);
      const read = await call(b.url, 'GET', '/api/user/User/UserInfo', { token });
      expect(read.status, `round ${round}`).toBe(401);
      const write = await call(b.url, 'POST', '/api/user/User/UpdateUserInfo', {
        token,
        json: { firstName: 'Mallory' },
      });
      expect(write.status, `round ${round}`).toBe(401);
    }
  });
});
