import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingMethods } from '../../server/db/schema/care-network';
import {
  addresses,
  autoRefills,
  cards,
  orderItems,
  orders,
  payments,
  refillRuns,
} from '../../server/db/schema/orders';
import { auditLog } from '../../server/db/schema/platform';
import type { AppDeps } from '../../server/deps';
import { sandboxTestCards } from '../../server/integrations/payments/sandbox-gateway';
import { runDueRefills } from '../../server/jobs/auto-refill-runner';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { placedOrder, savedCard, testAddress } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, guestToken, tokenFor } from './helpers/users';

let t: TestApp;
let deps: AppDeps;
let methodId: number;
const dayMs = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  deps = t.deps;
  const [method] = await t.database.db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.name, 'USPS First-Class Package'));
  if (!method) throw new Error('no seeded shipping method');
  methodId = method.id;
});
afterAll(async () => {
  await t.close();
});

async function patient() {
  const user = await createUser(t, { email: `refills-${randomUUID()}@example.test` });
  return { user, token: await tokenFor(t, user.email, user.password) };
}
const get = (token: string | null, path: string) => call(t.url, 'GET', path, { token });
const post = (token: string | null, path: string, json: unknown) =>
  call(t.url, 'POST', path, { token, json });

const paths = {
  eligible: '/api/order/GetARFElligibleOrders',
  activate: '/api/order/ActivateAutoRefillForProduct',
  list: '/api/order/AutoRefill',
  listV2: (storefrontId: number | string) => `/api/order/storefronts/${storefrontId}/autorefills`,
  active: '/api/payment/ActiveAutoRefills',
  deactivate: '/api/payment/DeactivateAutoRefillForProduct',
  updateShip: '/api/payment/UpdateShipSettings',
};

/** A patient with a default card and a paid order of latanoprost (refills every 30 days). */
async function patientWithPaidOrder(
  options: { paidAt?: Date; card?: 'ok' | 'declined' | 'none' } = {},
) {
  const p = await patient();
  const card =
    options.card === 'none'
      ? null
      : await savedCard(t, p.user.id, { outcome: options.card ?? 'ok' });
  const order = await placedOrder(t, p.user.id, {
    items: [{ sku: 'RX-LATANOPROST', qty: 2 }, { sku: 'OTC-READERS' }],
    status: 'in-review',
    paidAt: options.paidAt ?? new Date(),
    cardId: card?.id ?? null,
    shippingMethodId: methodId,
    shippingCents: 500,
  });
  const product = await productBySku(t, 'RX-LATANOPROST');
  return { ...p, card, order, product };
}

describe('GetARFElligibleOrders', () => {
  it('lists paid order lines of products that refill and have no active refill yet', async () => {
    const { user, token, order, product } = await patientWithPaidOrder();
    await placedOrder(t, user.id, { status: 'cart', items: [{ sku: 'OTC-EYE-DROPS' }] });
    await placedOrder(t, user.id, { status: 'cancelled', items: [{ sku: 'OTC-CETIRIZINE' }] });
    const res = await get(token, paths.eligible);
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual([
      {
        orderId: order.id,
        orderNumber: order.orderNumber,
        productId: product.id,
        displayName: 'Latanoprost eye drops',
        qty: 2,
        intervalDays: 30,
      },
    ]);
    expect(
      (await post(token, paths.activate, { orderId: order.id, productId: product.id })).status,
    ).toBe(200);
    expect((await get(token, paths.eligible)).body.Data).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await get(null, paths.eligible)).status).toBe(401);
    expect((await get(await guestToken(t), paths.eligible)).status).toBe(401);
  });
});

describe('ActivateAutoRefillForProduct', () => {
  it("starts one interval after payment, with the default card and the order's address and method", async () => {
    const paidAt = new Date(Date.now() - 5 * dayMs);
    const { token, card, order, product } = await patientWithPaidOrder({ paidAt });
    const res = await post(token, paths.activate, { orderId: order.id, productId: product.id });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      sourceOrderId: order.id,
      sourceOrderNumber: order.orderNumber,
      storefrontId: 132,
      productId: product.id,
      displayName: 'Latanoprost eye drops',
      qty: 2,
      intervalDays: 30,
      active: true,
      nextRunAt: new Date(paidAt.getTime() + 30 * dayMs).toISOString(),
      lastRunAt: null,
      lastResult: null,
      card: { cardId: card?.id, brand: 'visa', last4: '4242' },
      shipTo: { ...testAddress, id: null },
      shippingMethodId: methodId,
    });

    const second = await post(token, paths.activate, { orderId: order.id, productId: product.id });
    expect(second.status).toBe(409);
    expect(second.body.Message).toBe('Auto-refill is already active for this product.');
  });

  it('starts one interval from now for an old order, with the chosen interval, card and address', async () => {
    const { user, token, order, product } = await patientWithPaidOrder({
      paidAt: new Date(Date.now() - 90 * dayMs),
    });
    const other = await savedCard(t, user.id, { isDefault: false, last4: '1881' });
    const [address] = await t.database.db
      .insert(addresses)
      .values({
        userId: user.id,
        fullName: 'Test Person',
        line1: '9 Elm St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      })
      .returning();
    const before = Date.now();
    const res = await post(token, paths.activate, {
      orderId: order.id,
      productId: product.id,
      intervalDays: 45,
      cardId: other.id,
      addressId: address?.id,
    });
    expect(res.status).toBe(200);
    const next = new Date(res.body.Data.nextRunAt).getTime();
    expect(next).toBeGreaterThanOrEqual(before + 45 * dayMs);
    expect(next).toBeLessThanOrEqual(Date.now() + 45 * dayMs);
    expect(res.body.Data).toMatchObject({
      intervalDays: 45,
      card: { cardId: other.id, last4: '1881' },
      addressId: address?.id,
      shipTo: { line1: '9 Elm St', state: 'TX' },
    });
  });

  it('refuses what cannot be refilled', async () => {
    const { user, token, order, product } = await patientWithPaidOrder();
    const readers = await productBySku(t, 'OTC-READERS');
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    const cases: [unknown, number, string][] = [
      [
        { orderId: order.id, productId: readers.id },
        409,
        'This product cannot be refilled automatically.',
      ],
      [{ orderId: order.id, productId: drops.id }, 404, 'This product is not in that order.'],
      [{ orderId: randomUUID(), productId: product.id }, 404, 'Order not found.'],
      [{ orderId: order.id, productId: product.id, cardId: randomUUID() }, 404, 'Card not found.'],
      [
        { orderId: order.id, productId: product.id, addressId: randomUUID() },
        404,
        'Address not found.',
      ],
      [
        { orderId: order.id, productId: product.id, shippingMethodId: 999_999 },
        404,
        'Shipping method not found.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(token, paths.activate, body);
      expect([res.status, res.body.Message]).toEqual([status, message]);
    }
    const cart = await placedOrder(t, user.id, {
      status: 'cart',
      items: [{ sku: 'RX-LATANOPROST' }],
    });
    const unpaid = await post(token, paths.activate, { orderId: cart.id, productId: product.id });
    expect([unpaid.status, unpaid.body.Message]).toEqual([
      409,
      'Auto-refill can only be set up from a paid order.',
    ]);

    const noCard = await patientWithPaidOrder({ card: 'none' });
    const res = await post(noCard.token, paths.activate, {
      orderId: noCard.order.id,
      productId: product.id,
    });
    expect([res.status, res.body.Message]).toEqual([
      409,
      'Please save a card before turning on auto-refill.',
    ]);
  });

  it.each([
    [{}],
    [{ orderId: 'nope', productId: 1 }],
    [{ orderId: randomUUID(), productId: 1, intervalDays: 3 }],
    [{ orderId: randomUUID(), productId: 1, intervalDays: 400 }],
    [{ orderId: randomUUID(), productId: 1, extra: true }],
  ])('answers 400 for a bad body %j', async (body) => {
    const { token } = await patient();
    expect((await post(token, paths.activate, body)).status).toBe(400);
  });

  it("answers 404 for another patient's order, and does not use their card", async () => {
    const a = await patientWithPaidOrder();
    const b = await patientWithPaidOrder();
    const foreign = await post(b.token, paths.activate, {
      orderId: a.order.id,
      productId: a.product.id,
    });
    expect([foreign.status, foreign.body.Message]).toEqual([404, 'Order not found.']);
    const foreignCard = await post(b.token, paths.activate, {
      orderId: b.order.id,
      productId: b.product.id,
      cardId: a.card?.id,
    });
    expect(foreignCard.status).toBe(404);
  });
});

describe('listing, deactivating and updating refills', () => {
  it('lists all refills, the active ones, and those of a storefront (v2)', async () => {
    const { user, token, order, product } = await patientWithPaidOrder();
    const first = await post(token, paths.activate, { orderId: order.id, productId: product.id });
    await post(token, paths.deactivate, { autoRefillId: first.body.Data.autoRefillId });
    const second = await post(token, paths.activate, { orderId: order.id, productId: product.id });
    expect(second.status).toBe(200);

    const all = await get(token, paths.list);
    expect(all.status).toBe(200);
    expect(
      all.body.Data.map((r: { autoRefillId: string; active: boolean }) => [
        r.autoRefillId,
        r.active,
      ]),
    ).toEqual([
      [second.body.Data.autoRefillId, true],
      [first.body.Data.autoRefillId, false],
    ]);
    const active = await get(token, paths.active);
    expect(active.body.Data.map((r: { autoRefillId: string }) => r.autoRefillId)).toEqual([
      second.body.Data.autoRefillId,
    ]);
    expect((await get(token, paths.listV2(132))).body.Data).toHaveLength(2);
    expect((await get(token, paths.listV2(7))).body.Data).toEqual([]);
    expect((await get(token, paths.listV2('abc'))).status).toBe(400);

    const other = await patient();
    expect((await get(other.token, paths.list)).body.Data).toEqual([]);
    expect(user.id).toBeTruthy();
  });

  it('deactivates by id or by product, idempotently; 404 for none or a foreign one', async () => {
    const a = await patientWithPaidOrder();
    const b = await patient();
    const created = await post(a.token, paths.activate, {
      orderId: a.order.id,
      productId: a.product.id,
    });
    const id = created.body.Data.autoRefillId;

    const foreign = await post(b.token, paths.deactivate, { autoRefillId: id });
    expect([foreign.status, foreign.body.Message]).toEqual([404, 'Auto-refill not found.']);
    expect((await post(b.token, paths.deactivate, { productId: a.product.id })).status).toBe(404);

    const off = await post(a.token, paths.deactivate, { productId: a.product.id });
    expect(off.status).toBe(200);
    expect(off.body.Data).toMatchObject({ autoRefillId: id, active: false });
    const again = await post(a.token, paths.deactivate, { autoRefillId: id });
    expect(again.status).toBe(200);
    expect(again.body.Data.active).toBe(false);
    expect((await post(a.token, paths.deactivate, { productId: a.product.id })).status).toBe(404);

    expect((await post(a.token, paths.deactivate, {})).status).toBe(400);
    expect(
      (await post(a.token, paths.deactivate, { autoRefillId: id, productId: a.product.id })).status,
    ).toBe(400);
    expect((await post(a.token, paths.deactivate, { autoRefillId: 'x' })).status).toBe(400);
  });

  it("lets an agent turn off a patient's refill, audited", async () => {
    const a = await patientWithPaidOrder();
    const created = await post(a.token, paths.activate, {
      orderId: a.order.id,
      productId: a.product.id,
    });
    const id = created.body.Data.autoRefillId;
    const agent = await tokenFor(t, demo.agent.email, demo.agent.password);
    const res = await post(agent, paths.deactivate, { autoRefillId: id });
    expect(res.status).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auto-refill.deactivated'),
          eq(auditLog.subject, `auto-refill:${id}`),
        ),
      );
    expect(audits).toHaveLength(1);
  });

  it('updates where, how and when the next refill ships', async () => {
    const a = await patientWithPaidOrder();
    const created = await post(a.token, paths.activate, {
      orderId: a.order.id,
      productId: a.product.id,
    });
    const id = created.body.Data.autoRefillId;
    const [address] = await t.database.db
      .insert(addresses)
      .values({
        userId: a.user.id,
        fullName: 'Test Person',
        line1: '5 Oak Ave',
        city: 'Salem',
        state: 'OR',
        zip: '97301',
      })
      .returning();
    const [priority] = await t.database.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.name, 'USPS Priority Mail'));
    const nextRunAt = new Date(Date.now() + 10 * dayMs).toISOString();
    const res = await post(a.token, paths.updateShip, {
      autoRefillId: id,
      addressId: address?.id,
      shippingMethodId: priority?.id,
      intervalDays: 60,
      nextRunAt,
    });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      addressId: address?.id,
      shipTo: { line1: '5 Oak Ave' },
      shippingMethodId: priority?.id,
      intervalDays: 60,
      nextRunAt,
    });

    const past = await post(a.token, paths.updateShip, {
      autoRefillId: id,
      nextRunAt: new Date(Date.now() - dayMs).toISOString(),
    });
    expect([past.status, past.body.Message]).toEqual([
      400,
      'The next refill date must be in the future.',
    ]);

    const b = await patientWithPaidOrder();
    const [bAddress] = await t.database.db
      .insert(addresses)
      .values({
        userId: b.user.id,
        fullName: 'B',
        line1: '1 B St',
        city: 'Bend',
        state: 'OR',
        zip: '97701',
      })
      .returning();
    const foreignAddress = await post(a.token, paths.updateShip, {
      autoRefillId: id,
      addressId: bAddress?.id,
    });
    expect([foreignAddress.status, foreignAddress.body.Message]).toEqual([
      404,
      'Address not found.',
    ]);
    const foreign = await post(b.token, paths.updateShip, { autoRefillId: id, intervalDays: 30 });
    expect([foreign.status, foreign.body.Message]).toEqual([404, 'Auto-refill not found.']);
    expect(
      (await post(a.token, paths.updateShip, { autoRefillId: id, nextRunAt: 'tomorrow' })).status,
    ).toBe(400);
    expect(
      (await post(a.token, paths.updateShip, { autoRefillId: id, intervalDays: 0 })).status,
    ).toBe(400);
  });
});

describe('the auto-refill job', () => {
  /** Activates the refill and makes it due a minute ago. */
  async function dueRefill(p: Awaited<ReturnType<typeof patientWithPaidOrder>>) {
    const res = await post(p.token, paths.activate, {
      orderId: p.order.id,
      productId: p.product.id,
    });
    expect(res.status).toBe(200);
    const dueAt = new Date(Date.now() - 60_000);
    await t.database.db
      .update(autoRefills)
      .set({ nextRunAt: dueAt })
      .where(eq(autoRefills.id, res.body.Data.autoRefillId));
    return { id: res.body.Data.autoRefillId as string, dueAt };
  }

  const refillOrdersOf = (userId: string) =>
    t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.source, 'refill')));

  it('places a due refill once, paid with the saved card, and moves it to its next date', async () => {
    const p = await patientWithPaidOrder();
    // The patient's own cart (one per patient) stays as it is.
    const cart = await placedOrder(t, p.user.id, {
      status: 'cart',
      items: [{ sku: 'OTC-EYE-DROPS' }],
    });
    const { id, dueAt } = await dueRefill(p);
    const chargesBefore = t.payments.succeededChargeCount();

    const summary = await runDueRefills(deps);
    expect(summary).toMatchObject({ placed: 1, declined: 0, failed: 0 });
    expect(summary.runs).toEqual([
      {
        autoRefillId: id,
        dueAt: dueAt.toISOString(),
        status: 'placed',
        orderId: expect.any(String),
        detail: null,
      },
    ]);
    expect(t.payments.succeededChargeCount()).toBe(chargesBefore + 1);

    const [order] = await refillOrdersOf(p.user.id);
    expect(order).toMatchObject({
      id: summary.runs[0]?.orderId,
      status: 'in-review',
      source: 'refill',
      shippingAddress: testAddress,
      shippingMethodId: methodId,
      // 2 x 28.00, no consult fee (the prescription is reused), 5.00 shipping, no tax in OR.
      subtotalCents: 5600,
      consultFeeCents: 0,
      shippingCents: 500,
      totalCents: 6100,
    });
    expect(order?.orderNumber).toMatch(/^SF-\d+$/);
    const items = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? ''));
    expect(items).toEqual([
      expect.objectContaining({
        productId: p.product.id,
        qty: 2,
        consultFeeCents: 0,
        completedCheckoutStages: p.product.requiredStages,
      }),
    ]);
    const paid = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order?.id ?? ''));
    expect(paid).toEqual([
      expect.objectContaining({ status: 'succeeded', amountCents: 6100, cardId: p.card?.id }),
    ]);

    const [refill] = await t.database.db.select().from(autoRefills).where(eq(autoRefills.id, id));
    expect(refill?.nextRunAt.toISOString()).toBe(
      new Date(dueAt.getTime() + 30 * dayMs).toISOString(),
    );
    expect(refill).toMatchObject({ active: true, lastResult: 'placed' });
    expect(refill?.lastRunAt).not.toBeNull();

    const [cartAfter] = await t.database.db.select().from(orders).where(eq(orders.id, cart.id));
    expect(cartAfter?.status).toBe('cart');
    const cartItems = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, cart.id));
    expect(cartItems).toHaveLength(1);
    const outbox = await call(
      t.url,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(p.user.email)}`,
    );
    expect(outbox.body.Data[0].subject).toBe(`Your receipt for order ${order?.orderNumber}`);

    // Nothing is due any more: a second pass places nothing.
    const again = await runDueRefills(deps);
    expect(again.runs).toEqual([]);
    expect(await refillOrdersOf(p.user.id)).toHaveLength(1);
  });

  it('places each due refill exactly once when two runners start at the same moment', async () => {
    const refills = [];
    for (let i = 0; i < 4; i += 1) refills.push(await dueRefill(await patientWithPaidOrder()));
    const chargesBefore = t.payments.succeededChargeCount();

    const [one, two] = await Promise.all([runDueRefills(deps), runDueRefills(deps)]);
    expect((one?.placed ?? 0) + (two?.placed ?? 0)).toBe(4);
    expect(
      (one?.declined ?? 0) + (two?.declined ?? 0) + (one?.failed ?? 0) + (two?.failed ?? 0),
    ).toBe(0);
    const placedIds = [...(one?.runs ?? []), ...(two?.runs ?? [])]
      .map((r) => r.autoRefillId)
      .sort();
    expect(placedIds).toEqual(refills.map((r) => r.id).sort());
    expect(t.payments.succeededChargeCount()).toBe(chargesBefore + 4);

    const runs = await t.database.db
      .select()
      .from(refillRuns)
      .where(
        inArray(
          refillRuns.autoRefillId,
          refills.map((r) => r.id),
        ),
      )
      .orderBy(asc(refillRuns.id));
    expect(runs).toHaveLength(4);
    expect(runs.every((r) => r.status === 'placed' && r.orderId !== null)).toBe(true);
    const refillOrders = await t.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          runs.map((r) => r.orderId as string),
        ),
      );
    expect(refillOrders.every((o) => o.paidAt !== null && o.source === 'refill')).toBe(true);
  });

  it('skips a declined card to the next date, cancels the unpaid order and tells the patient', async () => {
    const p = await patient();
    const saved = await post(p.token, '/api/payment/AddCard', {
      cardNumber: sandboxTestCards.declined,
      expMonth: 12,
      expYear: new Date().getFullYear() + 1,
      cvc: '123',
    });
    expect(saved.status).toBe(200);
    const order = await placedOrder(t, p.user.id, {
      items: [{ sku: 'RX-LATANOPROST' }],
      status: 'approved',
      shippingMethodId: methodId,
    });
    const product = await productBySku(t, 'RX-LATANOPROST');
    const { id, dueAt } = await dueRefill({ ...p, order, product, card: null });
    const chargesBefore = t.payments.succeededChargeCount();

    const summary = await runDueRefills(deps);
    expect(summary).toMatchObject({ placed: 0, declined: 1, failed: 0 });
    expect(summary.runs[0]).toMatchObject({
      autoRefillId: id,
      status: 'declined',
      detail: 'Your card was declined.',
    });
    expect(t.payments.succeededChargeCount()).toBe(chargesBefore);

    const [refill] = await t.database.db.select().from(autoRefills).where(eq(autoRefills.id, id));
    expect(refill).toMatchObject({ active: true, lastResult: 'declined: Your card was declined.' });
    expect(refill?.nextRunAt.toISOString()).toBe(
      new Date(dueAt.getTime() + 30 * dayMs).toISOString(),
    );
    const [run] = await t.database.db
      .select()
      .from(refillRuns)
      .where(eq(refillRuns.autoRefillId, id));
    expect(run).toMatchObject({ status: 'declined', detail: 'Your card was declined.' });
    const [unpaid] = await refillOrdersOf(p.user.id);
    expect(unpaid).toMatchObject({ status: 'cancelled', paidAt: null });
    const tries = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, unpaid?.id ?? ''));
    expect(tries).toEqual([
      expect.objectContaining({ status: 'failed', declineCode: 'card_declined' }),
    ]);

    const outbox = await call(
      t.url,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(p.user.email)}`,
    );
    expect(outbox.body.Data[0].subject).toBe(
      'We could not charge your card for your refill of Latanoprost eye drops',
    );
    expect(outbox.body.Data[0].body).toContain('Your card was declined.');
  });

  it('reports a refill that cannot be made (no card left) as failed, and tells the patient', async () => {
    const p = await patientWithPaidOrder();
    const { id } = await dueRefill(p);
    await t.database.db
      .update(cards)
      .set({ removedAt: new Date() })
      .where(eq(cards.userId, p.user.id));

    const summary = await runDueRefills(deps);
    expect(summary).toMatchObject({ placed: 0, declined: 0, failed: 1 });
    expect(summary.runs[0]).toMatchObject({
      autoRefillId: id,
      status: 'failed',
      detail: 'No saved card to charge.',
    });
    const [refill] = await t.database.db.select().from(autoRefills).where(eq(autoRefills.id, id));
    expect(refill).toMatchObject({ active: true, lastResult: 'failed: No saved card to charge.' });
    expect(await refillOrdersOf(p.user.id)).toEqual([]);
    const outbox = await call(
      t.url,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(p.user.email)}`,
    );
    expect(outbox.body.Data[0].subject).toBe(
      'We could not place your refill of Latanoprost eye drops',
    );
  });

  it('resumes a refill whose runner died after the charge, and charges the card only once', async () => {
    const p = await patientWithPaidOrder();
    const { id } = await dueRefill(p);
    const chargesBefore = t.payments.succeededChargeCount();
    // The gateway takes the money, then the connection to it drops before the answer.
    const crashing: AppDeps = {
      ...deps,
      payments: {
        ...t.payments,
        name: t.payments.name,
        charge: async (request) => {
          await t.payments.charge(request);
          throw new Error('connection reset');
        },
      },
    };
    const first = await runDueRefills(crashing);
    expect(first.runs).toEqual([expect.objectContaining({ autoRefillId: id, status: 'failed' })]);
    expect(t.payments.succeededChargeCount()).toBe(chargesBefore + 1);
    const [pending] = await t.database.db
      .select()
      .from(refillRuns)
      .where(eq(refillRuns.autoRefillId, id));
    expect(pending).toMatchObject({ status: 'failed', detail: 'settling' });
    const [unpaid] = await refillOrdersOf(p.user.id);
    expect(unpaid).toMatchObject({ status: 'awaiting-payment', paidAt: null });

    // Not taken over while it may still be running; taken over once abandoned.
    expect((await runDueRefills(deps)).runs).toEqual([]);
    await t.database.db
      .update(refillRuns)
      .set({ at: new Date(Date.now() - 11 * 60_000) })
      .where(eq(refillRuns.autoRefillId, id));
    const resumed = await runDueRefills(deps);
    expect(resumed).toMatchObject({ placed: 1, declined: 0, failed: 0 });
    expect(t.payments.succeededChargeCount()).toBe(chargesBefore + 1);
    const [done] = await t.database.db
      .select()
      .from(refillRuns)
      .where(eq(refillRuns.autoRefillId, id));
    expect(done).toMatchObject({ status: 'placed', detail: null, orderId: unpaid?.id });
    const [paidOrder] = await refillOrdersOf(p.user.id);
    expect(paidOrder?.paidAt).not.toBeNull();
    expect(await refillOrdersOf(p.user.id)).toHaveLength(1);
  });

  it('leaves inactive refills alone', async () => {
    const p = await patientWithPaidOrder();
    const { id } = await dueRefill(p);
    await post(p.token, paths.deactivate, { autoRefillId: id });
    const summary = await runDueRefills(deps);
    expect(summary.runs).toEqual([]);
    expect(await refillOrdersOf(p.user.id)).toEqual([]);
  });
});
