import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingMethods } from '../../server/db/schema/care-network';
import { autoRefills, orders, refillRuns } from '../../server/db/schema/orders';
import { productBySku } from '../api/helpers/catalog';
import { placedOrder, savedCard } from '../api/helpers/placed-orders';
import { createUser } from '../api/helpers/users';
import { type Cluster, startCluster } from './helpers/cluster';

let cluster: Cluster;
const refillCount = 12;
const refillIds: string[] = [];

/** Patients with a paid order and an active refill of it, due a minute ago. */
async function dueRefills() {
  const [method] = await cluster.database.db.select().from(shippingMethods).limit(1);
  const product = await productBySku(cluster, 'RX-LATANOPROST');
  for (let i = 0; i < refillCount; i++) {
    const user = await createUser(cluster, { email: `refill-${randomUUID()}@example.test` });
    const card = await savedCard(cluster, user.id);
    const order = await placedOrder(cluster, user.id, {
      items: [{ sku: 'RX-LATANOPROST', qty: 1 }],
      status: 'in-review',
      paidAt: new Date(),
      cardId: card.id,
      shippingMethodId: method?.id ?? null,
      shippingCents: 500,
    });
    const [refill] = await cluster.database.db
      .insert(autoRefills)
      .values({
        userId: user.id,
        sourceOrderId: order.id,
        productId: product.id,
        qty: 1,
        intervalDays: 30,
        nextRunAt: new Date(Date.now() - 60_000),
        cardId: card.id,
        shippingMethodId: method?.id ?? null,
      })
      .returning();
    if (refill) refillIds.push(refill.id);
  }
}

beforeAll(async () => {
  // The replicas start without the job; the refills are made due first, then both replicas
  // run it every second from the same moment on.
  cluster = await startCluster({ replicas: 2 });
  await dueRefills();
  await Promise.all(cluster.replicas.map((replica) => replica.stop('SIGTERM')));
  await Promise.all(
    cluster.replicas.map((_, index) =>
      cluster.restartReplica(index, { AUTO_REFILL_INTERVAL_SECONDS: '1' }),
    ),
  );
});
afterAll(async () => {
  await cluster?.close();
});

describe('jobs on every replica', () => {
  it('two replicas running the refill job at the same moment place each refill once', async () => {
    const db = cluster.database.db;
    const deadline = Date.now() + 60_000;
    let runs: (typeof refillRuns.$inferSelect)[] = [];
    while (Date.now() < deadline) {
      runs = await db.select().from(refillRuns).where(inArray(refillRuns.autoRefillId, refillIds));
      // Claimed runs read "settling" until their payment is recorded.
      if (runs.length >= refillCount && runs.every((run) => run.detail !== 'settling')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(runs).toHaveLength(refillCount);
    expect(runs.every((run) => run.status === 'placed')).toBe(true);
    // Let a few more passes of both replicas go by: nothing runs twice.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = await db
      .select()
      .from(refillRuns)
      .where(inArray(refillRuns.autoRefillId, refillIds));
    expect(after).toHaveLength(refillCount);
    const placed = await db.select().from(orders).where(eq(orders.source, 'refill'));
    expect(placed).toHaveLength(refillCount);
  });
});
