import { and, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../server/db/schema/orders';
import { call, type HttpAnswer } from '../api/helpers/http';
import { createUser, tokenFor } from '../api/helpers/users';
import { type Cluster, startCluster } from './helpers/cluster';
import { orderReadyToPay, payLikeTheApps } from './helpers/guest-checkout';
import { restartPostgres } from './helpers/postgres-control';

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ replicas: 2 });
});
afterAll(async () => {
  await cluster?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads through nginx until `stop()`, keeping every answer (or the network error). */
function readLoad(token: string, clients = 8) {
  const answers: (HttpAnswer | { status: 'network error'; error: string })[] = [];
  let running = true;
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      try {
        answers.push(await call(cluster.url, 'GET', '/api/user/User/UserInfo', { token }));
      } catch (error) {
        answers.push({ status: 'network error', error: String(error) });
      }
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('faults', () => {
  it('SIGTERM drains a replica: every request is answered, and it exits in the grace period', async () => {
    const user = await createUser(cluster);
    const token = await tokenFor(cluster, user.email, user.password);
    const load = readLoad(token);
    await sleep(1_000);
    const draining = cluster.replicas[1];
    if (!draining) throw new Error('no replica');
    const code = await draining.stop('SIGTERM');
    await sleep(1_000);
    await load.stop();
    expect(code).toBe(0);
    expect(load.answers.length).toBeGreaterThan(50);
    expect(load.answers.filter((answer) => answer.status !== 200)).toEqual([]);
    await cluster.restartReplica(1);
  });

  it('kill -9 of a replica during 100 checkouts: what a client saw paid is paid once, nothing half written', async () => {
    const startedAt = new Date();
    const checkouts = Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        await sleep(i * 20);
        const begunAt = performance.now();
        try {
          const { orderId, token } = await orderReadyToPay(cluster);
          const paid = await payLikeTheApps(cluster.url, token, orderId);
          return { i, begunAt, orderId, paid: paid.status === 200 };
        } catch (error) {
          // A call before the payment died with the replica: this client saw an error.
          return { i, begunAt, orderId: null, paid: false, error: String(error) };
        }
      }),
    );
    await sleep(1_000);
    await cluster.replicas[0]?.stop('SIGKILL');
    // The kill is sent at once, but the process is gone (its port refusing connections) only
    // when its exit is seen: a checkout begun between the two may still reach it.
    const diedAt = performance.now();
    const outcomes = await checkouts;

    // Checkouts begun after the replica died were served by the other one, every one of them.
    const begunAfter = outcomes.filter((o) => o.begunAt > diedAt);
    expect(begunAfter.length).toBeGreaterThan(20);
    expect(begunAfter.filter((o) => !o.paid)).toEqual([]);
    const db = cluster.database.db;
    const seenPaid = outcomes.flatMap((o) => (o.paid && o.orderId ? [o.orderId] : []));
    const succeeded = await db
      .select()
      .from(payments)
      .where(and(inArray(payments.orderId, seenPaid), eq(payments.status, 'succeeded')));
    expect(succeeded).toHaveLength(seenPaid.length);
    expect(new Set(succeeded.map((p) => p.orderId)).size).toBe(seenPaid.length);

    // Nothing half written: every order of the run with a succeeded payment has left the
    // cart, and every order that left the cart has its one succeeded payment.
    const runOrders = await db.select().from(orders).where(gte(orders.createdAt, startedAt));
    const runPayments = await db
      .select()
      .from(payments)
      .where(
        and(
          inArray(
            payments.orderId,
            runOrders.map((o) => o.id),
          ),
          eq(payments.status, 'succeeded'),
        ),
      );
    const paidIds = runPayments.map((p) => p.orderId);
    expect(new Set(paidIds).size).toBe(paidIds.length);
    for (const order of runOrders) {
      const hasPayment = paidIds.includes(order.id);
      expect(order.status === 'cart' || order.status === 'awaiting-payment', order.id).toBe(
        !hasPayment,
      );
    }
    await cluster.restartReplica(0);
  });

  it('a PostgreSQL restart under load: no 500, 503 with Retry-After meanwhile, back within 10 s', async () => {
    const user = await createUser(cluster);
    const token = await tokenFor(cluster, user.email, user.password);
    const load = readLoad(token);
    await sleep(1_000);
    await restartPostgres();
    const restartedAt = Date.now();
    let backAt: number | null = null;
    while (Date.now() - restartedAt < 10_000) {
      const health = await call(cluster.url, 'GET', '/api/user/User/UserInfo', { token });
      if (health.status === 200) {
        backAt = Date.now();
        break;
      }
      await sleep(100);
    }
    await sleep(1_000);
    await load.stop();

    expect(backAt, 'served again within 10 s of the restart').not.toBeNull();
    const statuses = new Set(load.answers.map((answer) => answer.status));
    // Every answer is either served or the server's 503: never a 500, never nginx's 502.
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const refused = load.answers.filter((answer): answer is HttpAnswer => answer.status === 503);
    expect(refused.length, 'the outage was seen').toBeGreaterThan(0);
    for (const answer of refused) expect(answer.headers.get('retry-after')).toBe('5');
    expect(load.answers.at(-1)?.status).toBe(200);
  });
});
