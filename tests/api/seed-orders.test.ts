import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { products } from '../../server/db/schema/catalog';
import { users } from '../../server/db/schema/identity';
import {
  orderItems,
  orderStatusHistory,
  orders,
  payments,
  promoCodes,
  promoRedemptions,
} from '../../server/db/schema/orders';
import { type SeedOrdersResult, seedOrders } from '../../server/db/seed/bulk-orders';
import {
  assertReferencesHold,
  deferReferenceChecks,
  mayDeferReferenceChecks,
} from '../../server/db/seed/deferred-references';
import { seedDatabase } from '../../server/db/seed/seed';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The benchmark seed generator (`npm run seed -- --orders N`, issue 5): realistic placed orders
 * whose totals add up, numbered from the order sequence, and the same for the same seed.
 */
let t: TestApp;
let result: SeedOrdersResult;
const now = new Date('2026-03-01T12:00:00Z');
const twoYearsMs = 730 * 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await startTestApp();
  result = await seedOrders(t.database, t.config, { orders: 500, seed: 42, now });
});
afterAll(async () => {
  await t.close();
});

/** What two runs must agree on (not the demo agent's id, which each database draws itself). */
async function snapshot(database: Database) {
  const { db } = database;
  const seededUsers = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      dateOfBirth: users.dateOfBirth,
    })
    .from(users)
    .where(eq(users.signupSource, 'seed'))
    .orderBy(asc(users.email));
  const orderRows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      source: orders.source,
      couponCode: orders.couponCode,
      totalCents: orders.totalCents,
      salesTaxCents: orders.salesTaxCents,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      address: orders.shippingAddress,
    })
    .from(orders)
    .orderBy(asc(orders.orderNumber));
  const items = await db
    .select({ orderId: orderItems.orderId, productId: orderItems.productId, qty: orderItems.qty })
    .from(orderItems)
    .orderBy(asc(orderItems.orderId), asc(orderItems.productId));
  return { users: seededUsers.filter((u) => u.email.endsWith('@example.com')), orderRows, items };
}

describe('seedOrders', () => {
  it('creates the orders and about one patient per five orders, without passwords', async () => {
    expect(result).toMatchObject({ orders: 500, patients: 100 });
    const patients = await t.database.db.select().from(users).where(eq(users.signupSource, 'seed'));
    const generated = patients.filter((u) => u.email.endsWith('@example.com'));
    expect(generated).toHaveLength(100);
    expect(new Set(generated.map((u) => u.email.toLowerCase())).size).toBe(100);
    for (const patient of generated) {
      expect(patient.email).toMatch(/^[a-z]+\.[a-z]+\.\d+@example\.com$/);
      expect(patient.passwordHash).toBeNull();
      expect(patient.role).toBe('patient');
      expect(patient.phone).toMatch(/^\d{10}$/);
      expect(patient.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('makes placed orders whose totals add up, with distinct numbers from the sequence', async () => {
    const { db } = t.database;
    const all = await db.select().from(orders);
    expect(all).toHaveLength(500);
    const numbers = all.map((o) => o.orderNumber);
    expect(new Set(numbers).size).toBe(500);
    for (const n of numbers) expect(n).toMatch(/^SF-\d{6,}$/);

    const catalog = new Map((await db.select().from(products)).map((p) => [p.id, p]));
    const items = await db.select().from(orderItems);
    const paymentRows = await db.select().from(payments);
    const history = await db.select().from(orderStatusHistory).orderBy(asc(orderStatusHistory.id));
    const redemptions = await db
      .select()
      .from(promoRedemptions)
      .where(
        inArray(
          promoRedemptions.orderId,
          all.map((o) => o.id),
        ),
      );

    const placedStatuses = ['paid', 'in-review', 'approved', 'shipped', 'delivered'];
    let mostly = 0;
    for (const order of all) {
      expect(order.subtotalCents + order.consultFeeCents - order.discountCents).toBe(
        order.totalCents - order.salesTaxCents - order.shippingCents,
      );
      const lines = items.filter((i) => i.orderId === order.id);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(3);
      expect(order.subtotalCents).toBe(lines.reduce((s, i) => s + i.unitPriceCents * i.qty, 0));
      const consultFees = lines
        .filter((i) => catalog.get(i.productId)?.isConsultRequired)
        .map((i) => i.consultFeeCents);
      expect(order.consultFeeCents).toBe(Math.max(0, ...consultFees));
      expect(order.visitType === null).toBe(consultFees.length === 0);
      for (const line of lines) {
        expect(line.unitPriceCents).toBe(catalog.get(line.productId)?.priceCents);
        expect(catalog.get(line.productId)?.qtyRange).toContain(line.qty);
        expect(line.completedCheckoutStages).toBe(line.checkoutStages);
      }
      expect(order.couponCode !== null).toBe(order.discountCents > 0);
      expect(redemptions.some((r) => r.orderId === order.id)).toBe(order.couponCode !== null);

      expect(order.paidAt).not.toBeNull();
      expect(order.createdAt.getTime()).toBeLessThan(now.getTime());
      expect(order.createdAt.getTime()).toBeGreaterThan(now.getTime() - twoYearsMs - 1);
      expect(order.shippingAddress?.state).toMatch(/^[A-Z]{2}$/);
      expect(order.shippingMethodId).not.toBeNull();

      const paid = paymentRows.filter((p) => p.orderId === order.id);
      expect(paid).toHaveLength(1);
      expect(paid[0]?.amountCents).toBe(order.totalCents);
      expect(paid[0]?.status).toBe(order.status === 'refunded' ? 'refunded' : 'succeeded');

      const steps = history.filter((h) => h.orderId === order.id);
      expect(steps[0]).toMatchObject({ fromStatus: 'cart', toStatus: 'paid' });
      expect(steps.at(-1)?.toStatus).toBe(order.status);

      expect([...placedStatuses, 'cancelled', 'refunded']).toContain(order.status);
      if (['approved', 'shipped', 'delivered'].includes(order.status)) mostly += 1;
    }
    expect(mostly / all.length).toBeGreaterThan(0.8);
    // Numbers follow the dates, as the checkout hands them out.
    const byDate = [...all].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const sequence = byDate.map((o) => Number(o.orderNumber?.slice(3)));
    expect(sequence).toEqual([...sequence].sort((a, b) => a - b));
  });

  it('gives the same patients and orders for the same seed on a fresh database', async () => {
    const other = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await other.migrate();
      await seedDatabase(other, t.config);
      await seedOrders(other, t.config, { orders: 500, seed: 42, now });
      expect(await snapshot(other)).toEqual(await snapshot(t.database));

      // Another run adds new patients with new emails rather than colliding with these.
      const again = await seedOrders(other, t.config, { orders: 20, seed: 42, now });
      expect(again).toMatchObject({ orders: 20, patients: 4 });
      const emails = (await snapshot(other)).users.map((u) => u.email);
      expect(new Set(emails).size).toBe(104);
    } finally {
      await other.close();
    }
  });

  it('gives the same data in batches of a thousand, two inserted at once, as in one batch', async () => {
    const seeded = async (batchSize: number) => {
      const database = await openDatabase({ kind: 'pglite', dataDir: null });
      try {
        await database.migrate();
        await seedDatabase(database, t.config);
        const progress: number[] = [];
        await seedOrders(database, t.config, {
          orders: 2_500,
          seed: 7,
          now,
          batchSize,
          onProgress: (step) => {
            if (step.phase === 'orders') progress.push(step.done);
          },
        });
        const codes = await database.db
          .select({ code: promoCodes.code, uses: promoCodes.uses })
          .from(promoCodes)
          .orderBy(asc(promoCodes.code));
        return { data: await snapshot(database), codes, progress };
      } finally {
        await database.close();
      }
    };
    const inBatches = await seeded(1_000);
    const inOne = await seeded(2_500);
    expect(inBatches.progress).toEqual([1_000, 2_000, 2_500]);
    expect(inOne.progress).toEqual([2_500]);
    expect(inBatches.data.orderRows).toHaveLength(2_500);
    expect(inBatches.data).toEqual(inOne.data);
    expect(inBatches.codes).toEqual(inOne.codes);
  });

  it('loads without per-row foreign-key checks, then checks every key of the tables once', async () => {
    const { db } = t.database;
    expect(await mayDeferReferenceChecks(db)).toBe(true); // the embedded database's superuser
    await assertReferencesHold(db, [orders, orderItems, payments, orderStatusHistory]);
    // A history row of an order that does not exist: written unchecked, found by the check.
    const [row] = await db.transaction(async (tx) => {
      await deferReferenceChecks(tx);
      return tx
        .insert(orderStatusHistory)
        .values({ orderId: randomUUID(), toStatus: 'approved' })
        .returning({ id: orderStatusHistory.id });
    });
    try {
      await expect(assertReferencesHold(db, [orders, orderStatusHistory])).rejects.toThrow(
        'order_status_history has rows that break its foreign key order_status_history_order_id_orders_id_fk',
      );
    } finally {
      await db.delete(orderStatusHistory).where(eq(orderStatusHistory.id, row?.id ?? 0));
    }
    await assertReferencesHold(db, [orderStatusHistory]);
  });
});
