import { and, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, sandboxCharges } from '../../server/db/schema/orders';
import { outbox } from '../../server/db/schema/platform';
import { type Cluster, startCluster } from './helpers/cluster';
import { orderReadyToPay, payLikeTheApps } from './helpers/guest-checkout';

// The sandbox answers a charge in 400 ms, as a real gateway does: a kill lands before, during
// and after charges. Its ledger is in the database, so its charges outlive the killed process.
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ replicas: 2, env: { SANDBOX_GATEWAY_LATENCY_MS: '400' } });
});
afterAll(async () => {
  await cluster?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('payments through a crash', () => {
  it('kill -9 during 100 concurrent payments, every client retrying as the apps do: each order charged once, every charge recorded, every paid order with its receipt', async () => {
    const ready: { orderId: string; token: string }[] = [];
    for (let batch = 0; batch < 10; batch++) {
      ready.push(
        ...(await Promise.all(Array.from({ length: 10 }, () => orderReadyToPay(cluster)))),
      );
    }

    const retried: Record<string, number> = {};
    const paying = Promise.all(
      ready.map(({ orderId, token }) =>
        payLikeTheApps(cluster.url, token, orderId, { deadlineMs: 90_000, retried }),
      ),
    );
    await sleep(700);
    await cluster.replicas[0]?.stop('SIGKILL');
    await sleep(2_000);
    await cluster.restartReplica(0);
    const answers = await paying;

    // Every client got its answer: paid.
    expect(answers.map((answer) => answer.status)).toEqual(ready.map(() => 200));
    // The kill cut payments in flight (nginx answers 502 for them), whose clients asked again.
    process.stdout.write(`payments-crash: retries by reason ${JSON.stringify(retried)}\n`);
    expect(retried['502'] ?? 0).toBeGreaterThan(0);

    const db = cluster.database.db;
    const orderIds = ready.map((r) => r.orderId);
    const rows = await db.select().from(payments).where(inArray(payments.orderId, orderIds));
    const keys = rows.flatMap((p) => (p.gatewayKey ? [p.gatewayKey] : []));
    const charges = await db
      .select()
      .from(sandboxCharges)
      .where(and(inArray(sandboxCharges.idempotencyKey, keys), isNotNull(sandboxCharges.chargeId)));
    const paymentOfKey = new Map(rows.map((p) => [p.gatewayKey, p]));

    // Charged at most once per order, and every charge the gateway made is recorded as paid.
    const chargedOrders = charges.map((c) => paymentOfKey.get(c.idempotencyKey)?.orderId);
    expect(new Set(chargedOrders).size).toBe(chargedOrders.length);
    expect(chargedOrders.sort()).toEqual([...orderIds].sort());
    for (const charge of charges) {
      expect(paymentOfKey.get(charge.idempotencyKey)).toMatchObject({
        status: 'succeeded',
        gatewayChargeId: charge.chargeId,
      });
    }
    expect(rows.filter((p) => p.status === 'pending')).toEqual([]);
    expect(rows.filter((p) => p.status === 'succeeded')).toHaveLength(100);

    // Every order paid, numbered, with its receipt queued in the same transaction.
    const paid = await db.select().from(orders).where(inArray(orders.id, orderIds));
    expect(paid.filter((o) => !o.paidAt || !o.orderNumber)).toEqual([]);
    const receipts = await db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(like(outbox.subject, 'Your receipt for order %'));
    const receiptSubjects = new Set(receipts.map((r) => r.subject));
    for (const order of paid) {
      expect(receiptSubjects.has(`Your receipt for order ${order.orderNumber}`), order.id).toBe(
        true,
      );
    }
    // One receipt each, not one per retry.
    const ours = receipts.filter((r) =>
      paid.some((o) => r.subject === `Your receipt for order ${o.orderNumber}`),
    );
    expect(ours).toHaveLength(100);
    expect(await db.select().from(payments).where(eq(payments.status, 'pending'))).toEqual([]);
  });
});
