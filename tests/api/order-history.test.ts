import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSlots, doctors } from '../../server/db/schema/care-network';
import { auditLog } from '../../server/db/schema/platform';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { placedOrder, savedCard } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, guestToken, tokenFor } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const base = '/api/order';

async function patient() {
  const user = await createUser(t, { email: `orders-${randomUUID()}@example.test` });
  return { user, token: await tokenFor(t, user.email, user.password) };
}
const get = (token: string | null, path: string) =>
  call(t.url, 'GET', `${base}/${path}`, { token });
const post = (token: string | null, path: string, json: unknown) =>
  call(t.url, 'POST', `${base}/${path}`, { token, json });

describe('GetPreviousOrders', () => {
  it('answers an empty first page for a patient with no orders', async () => {
    const { token } = await patient();
    const res = await get(token, 'GetPreviousOrders');
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({ orders: [], nextCursor: null });
  });

  it('lists placed orders only, newest first, with their items and totals', async () => {
    const { user, token } = await patient();
    await placedOrder(t, user.id, { status: 'cart' });
    await placedOrder(t, user.id, { status: 'disqualified' });
    const older = await placedOrder(t, user.id, {
      items: [{ sku: 'OTC-EYE-DROPS', qty: 2 }, { sku: 'OTC-VITAMIN-D3' }],
      paidAt: new Date('2026-01-02T10:00:00Z'),
      status: 'delivered',
    });
    const newer = await placedOrder(t, user.id, {
      items: [{ sku: 'RX-LATANOPROST' }],
      paidAt: new Date('2026-02-02T10:00:00Z'),
      status: 'in-review',
    });
    const res = await get(token, 'GetPreviousOrders');
    expect(res.status).toBe(200);
    const list = res.body.Data.orders;
    expect(list.map((o: { orderId: string }) => o.orderId)).toEqual([newer.id, older.id]);
    expect(list[1]).toEqual({
      orderId: older.id,
      orderNumber: older.orderNumber,
      status: 'delivered',
      placedAt: '2026-01-02T10:00:00.000Z',
      total: (2 * 1499 + 1149) / 100,
      totalCents: 2 * 1499 + 1149,
      itemCount: 3,
      items: [
        {
          productId: (await productBySku(t, 'OTC-EYE-DROPS')).id,
          displayName: expect.any(String),
          qty: 2,
        },
        {
          productId: (await productBySku(t, 'OTC-VITAMIN-D3')).id,
          displayName: expect.any(String),
          qty: 1,
        },
      ],
    });
    expect(list[0]).toMatchObject({ status: 'in-review', totalCents: 2800 + 4500, itemCount: 1 });
  });

  it('pages through 25 orders with a keyset cursor: no order twice, none missing', async () => {
    const { user, token } = await patient();
    const created: { id: string; at: number }[] = [];
    for (let i = 0; i < 25; i += 1) {
      // Every fifth order shares its time with the one before: the id breaks the tie.
      const at = Date.UTC(2025, 0, 1) + Math.floor(i / 2) * 3_600_000;
      const order = await placedOrder(t, user.id, { paidAt: new Date(at) });
      created.push({ id: order.id, at });
    }
    const expected = [...created]
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((o) => o.id);

    const seen: string[] = [];
    let after: string | null = null;
    const sizes: number[] = [];
    do {
      const query: string = `GetPreviousOrders?limit=10${after ? `&after=${after}` : ''}`;
      const res = await get(token, query);
      expect(res.status).toBe(200);
      sizes.push(res.body.Data.orders.length);
      seen.push(...res.body.Data.orders.map((o: { orderId: string }) => o.orderId));
      after = res.body.Data.nextCursor;
    } while (after);
    expect(sizes).toEqual([10, 10, 5]);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(25);

    const firstPage = await get(token, 'GetPreviousOrders');
    expect(firstPage.body.Data.orders).toHaveLength(20);
    expect(firstPage.body.Data.nextCursor).toBe(expected[19]);
  });

  it("gives an empty page for another patient's order id as the cursor", async () => {
    const a = await patient();
    const b = await patient();
    const aOrder = await placedOrder(t, a.user.id);
    await placedOrder(t, b.user.id);
    const res = await get(b.token, `GetPreviousOrders?after=${aOrder.id}`);
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({ orders: [], nextCursor: null });
  });

  it.each([
    'GetPreviousOrders?limit=0',
    'GetPreviousOrders?limit=51',
    'GetPreviousOrders?limit=ten',
    'GetPreviousOrders?after=not-a-uuid',
    'GetPreviousOrders?page=2',
  ])('refuses bad paging input: %s', async (path) => {
    const { token } = await patient();
    const res = await get(token, path);
    expect(res.status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await get(null, 'GetPreviousOrders')).status).toBe(401);
    expect((await get(await guestToken(t), 'GetPreviousOrders')).status).toBe(401);
    const ecp = await tokenFor(t, demo.ecp.email, demo.ecp.password);
    expect((await get(ecp, 'GetPreviousOrders')).status).toBe(403);
  });
});

describe('GetRecentOrders and v2/recent-orders', () => {
  async function futureSlot(orderId: string, startsAt: Date) {
    const [doctor] = await t.database.db.select().from(doctors).limit(1);
    if (!doctor) throw new Error('no seeded doctor');
    const [slot] = await t.database.db
      .insert(doctorSlots)
      .values({
        doctorId: doctor.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 15 * 60_000),
        bookedByOrderId: orderId,
      })
      .returning();
    return slot;
  }

  it('answers the last three placed orders', async () => {
    const { user, token } = await patient();
    const ids = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push((await placedOrder(t, user.id, { paidAt: new Date(Date.UTC(2025, 5, i + 1)) })).id);
    }
    await placedOrder(t, user.id, { status: 'cart' });
    const res = await get(token, 'GetRecentOrders');
    expect(res.status).toBe(200);
    expect(res.body.Data.map((o: { orderId: string }) => o.orderId)).toEqual(
      ids.slice(2).reverse(),
    );
  });

  it('says what happens next: a booked visit, the doctor, shipping', async () => {
    const { user, token } = await patient();
    const shipped = await placedOrder(t, user.id, {
      status: 'shipped',
      paidAt: new Date(Date.UTC(2025, 1, 1)),
    });
    const awaitingDoctor = await placedOrder(t, user.id, {
      items: [{ sku: 'RX-FINASTERIDE' }],
      status: 'in-review',
      paidAt: new Date(Date.UTC(2025, 1, 2)),
    });
    const withVisit = await placedOrder(t, user.id, {
      items: [{ sku: 'RX-LATANOPROST' }],
      status: 'in-review',
      paidAt: new Date(Date.UTC(2025, 1, 3)),
    });
    const visitAt = new Date(
      Date.now() + 400 * 86_400_000 + Math.floor(Math.random() * 10_000) * 60_000,
    );
    await futureSlot(withVisit.id, visitAt);

    const res = await get(token, 'v2/recent-orders');
    expect(res.status).toBe(200);
    const byId = new Map(res.body.Data.map((o: { orderId: string }) => [o.orderId, o]));
    expect(byId.get(withVisit.id)).toMatchObject({
      nextStep: 'visit-scheduled',
      visitAt: visitAt.toISOString(),
    });
    expect(byId.get(awaitingDoctor.id)).toMatchObject({
      nextStep: 'awaiting-doctor',
      visitAt: null,
    });
    expect(byId.get(shipped.id)).toMatchObject({ nextStep: 'shipped', visitAt: null });
    expect(res.body.Data[0].orderId).toBe(withVisit.id);
  });

  it("never shows another patient's orders", async () => {
    const a = await patient();
    const b = await patient();
    await placedOrder(t, a.user.id);
    expect((await get(b.token, 'GetRecentOrders')).body.Data).toEqual([]);
    expect((await get(b.token, 'v2/recent-orders')).body.Data).toEqual([]);
  });
});

describe('GetOrderDetails and GetOrderDetailsForOrder', () => {
  it.each(['GetOrderDetails', 'GetOrderDetailsForOrder'])(
    '%s: the order as charged, with its payments and status history',
    async (path) => {
      const { user, token } = await patient();
      const card = await savedCard(t, user.id);
      // Charged at 10.00 although the catalog now says 14.99: a paid order keeps its prices.
      const order = await placedOrder(t, user.id, {
        items: [{ sku: 'OTC-EYE-DROPS', qty: 2, unitPriceCents: 1000 }],
        cardId: card.id,
        status: 'approved',
      });
      const res = await get(token, `${path}?orderId=${order.id}`);
      expect(res.status).toBe(200);
      const data = res.body.Data;
      expect(data).toMatchObject({
        orderId: order.id,
        orderNumber: order.orderNumber,
        status: 'approved',
        subtotal: 20,
        total: 20,
        items: [{ qty: 2, price: 10, unitPrice: 10, priceCents: 1000 }],
        payments: [
          { brand: 'visa', last4: '4242', amount: 20, amountCents: 2000, status: 'succeeded' },
        ],
        statusHistory: [
          { from: 'cart', to: 'paid' },
          { from: 'paid', to: 'approved' },
        ],
      });
      expect(data.paidAt).toBe(order.paidAt?.toISOString());
    },
  );

  it("answers 404 for another patient's order, an unknown one, and 400 for a bad id", async () => {
    const a = await patient();
    const b = await patient();
    const order = await placedOrder(t, a.user.id);
    for (const path of [
      'GetOrderDetails',
      'GetOrderDetailsForOrder',
      'GetOrderDetailsForCustomerReceipt',
    ]) {
      const foreign = await get(b.token, `${path}?orderId=${order.id}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.Message).toBe('Order not found.');
      expect((await get(b.token, `${path}?orderId=${randomUUID()}`)).status).toBe(404);
      expect((await get(b.token, `${path}?orderId=123`)).status).toBe(400);
      expect((await get(b.token, path)).status).toBe(400);
      expect((await get(null, `${path}?orderId=${order.id}`)).status).toBe(401);
    }
  });

  it("lets an agent read a patient's order, and audits it", async () => {
    const { user } = await patient();
    const order = await placedOrder(t, user.id);
    const agent = await tokenFor(t, demo.agent.email, demo.agent.password);
    const res = await get(agent, `GetOrderDetails?orderId=${order.id}`);
    expect(res.status).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'order.details.read'), eq(auditLog.subject, `order:${order.id}`)),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorRole).toBe('agent');
  });
});

describe('GetOrderDetailsForCustomerReceipt', () => {
  it('answers the receipt with two-decimal amounts and the card', async () => {
    const { user, token } = await patient();
    const card = await savedCard(t, user.id);
    const order = await placedOrder(t, user.id, {
      items: [{ sku: 'RX-LATANOPROST', qty: 2 }],
      cardId: card.id,
      shippingCents: 500,
      paidAt: new Date('2026-03-04T05:06:07Z'),
    });
    const res = await get(token, `GetOrderDetailsForCustomerReceipt?orderId=${order.id}`);
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({
      orderNumber: order.orderNumber,
      placedAt: '2026-03-04T05:06:07.000Z',
      storefront: {
        name: 'Evergreen Health',
        phone: '(888) 555-0132',
        email: 'care@evergreenhealth.example',
      },
      shipTo: {
        id: null,
        fullName: 'Test Person',
        line1: '1 Main St',
        line2: null,
        city: 'Portland',
        state: 'OR',
        zip: '97201',
        phone: '5555550199',
      },
      items: [{ name: 'Latanoprost eye drops', qty: 2, unitPrice: '28.00', lineTotal: '56.00' }],
      subtotal: '56.00',
      consultFee: '45.00',
      discount: '0.00',
      salesTax: '0.00',
      shipping: '5.00',
      total: '106.00',
      paymentMethod: 'Visa •••• 4242',
    });
  });

  it('has no receipt for an order still in the cart', async () => {
    const { user, token } = await patient();
    const cart = await placedOrder(t, user.id, { status: 'cart' });
    const res = await get(token, `GetOrderDetailsForCustomerReceipt?orderId=${cart.id}`);
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe('This order has not been placed yet, so it has no receipt.');
  });
});

describe('ReOrderProduct', () => {
  const cart = (token: string) =>
    call(t.url, 'GET', '/api/user/Cart/GetItemsInCart?storefrontId=132', { token });
  const addToCart = (token: string, productId: number, qty?: number) =>
    call(t.url, 'POST', '/api/user/Cart/AddToCart', {
      token,
      json: { productId, qty, storefrontId: 132 },
    });

  it('puts the whole order back in the cart, keeping what the cart holds and the larger quantity', async () => {
    const { user, token } = await patient();
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    const vitamin = await productBySku(t, 'OTC-VITAMIN-D3');
    const readers = await productBySku(t, 'OTC-READERS');
    const cetirizine = await productBySku(t, 'OTC-CETIRIZINE');
    expect((await addToCart(token, drops.id, 3)).status).toBe(200);
    expect((await addToCart(token, vitamin.id, 1)).status).toBe(200);
    expect((await addToCart(token, cetirizine.id, 2)).status).toBe(200);
    const order = await placedOrder(t, user.id, {
      items: [
        { sku: 'OTC-EYE-DROPS', qty: 1 },
        { sku: 'OTC-VITAMIN-D3', qty: 2 },
        { sku: 'OTC-READERS', qty: 3 },
      ],
    });

    const res = await post(token, 'ReOrderProduct', { orderId: order.id });
    expect(res.status).toBe(200);
    const qtys = Object.fromEntries(
      res.body.Data.items.map((i: { productId: number; qty: number }) => [i.productId, i.qty]),
    );
    expect(qtys).toEqual({ [drops.id]: 3, [vitamin.id]: 2, [readers.id]: 3, [cetirizine.id]: 2 });
    expect(res.body.Data.status).toBe('cart');
    expect(res.body.Data.orderId).not.toBe(order.id);
    const again = await cart(token);
    expect(again.body.Data.items).toHaveLength(4);
  });

  it('reorders one product; a consult product needs a new consult', async () => {
    const { user, token } = await patient();
    const latanoprost = await productBySku(t, 'RX-LATANOPROST');
    const order = await placedOrder(t, user.id, {
      items: [{ sku: 'RX-LATANOPROST', qty: 2 }, { sku: 'OTC-EYE-DROPS' }],
    });
    const res = await post(token, 'ReOrderProduct', {
      orderId: order.id,
      productId: latanoprost.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.Data.items).toHaveLength(1);
    expect(res.body.Data.items[0]).toMatchObject({
      productId: latanoprost.id,
      qty: 2,
      completedCheckoutStages: 0,
      isConsultRequired: true,
    });
    expect(res.body.Data.pendingStages[0]).toBe('Consult');
  });

  it('makes a cart when the patient has none, and answers its order view', async () => {
    const { user, token } = await patient();
    const order = await placedOrder(t, user.id, { items: [{ sku: 'OTC-VITAMIN-D3', qty: 2 }] });
    const res = await post(token, 'ReOrderProduct', { orderId: order.id });
    expect(res.status).toBe(200);
    expect(res.body.Data.totals.subtotalCents).toBe(2 * 1149);
  });

  it('refuses a product that is not in the order, a cart as the source, and bad bodies', async () => {
    const { user, token } = await patient();
    const order = await placedOrder(t, user.id);
    const readers = await productBySku(t, 'OTC-READERS');
    const missing = await post(token, 'ReOrderProduct', {
      orderId: order.id,
      productId: readers.id,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toBe('This product is not in that order.');

    const open = await placedOrder(t, user.id, { status: 'cart' });
    const fromCart = await post(token, 'ReOrderProduct', { orderId: open.id });
    expect(fromCart.status).toBe(409);
    expect(fromCart.body.Message).toBe('Only a placed order can be ordered again.');

    expect((await post(token, 'ReOrderProduct', {})).status).toBe(400);
    expect((await post(token, 'ReOrderProduct', { orderId: 'x' })).status).toBe(400);
    expect((await post(token, 'ReOrderProduct', { orderId: order.id, extra: 1 })).status).toBe(400);
    expect((await post(token, 'ReOrderProduct', { orderId: order.id, productId: -1 })).status).toBe(
      400,
    );
  });

  it("answers 404 for another patient's order and leaves their cart alone", async () => {
    const a = await patient();
    const b = await patient();
    const order = await placedOrder(t, a.user.id);
    const res = await post(b.token, 'ReOrderProduct', { orderId: order.id });
    expect(res.status).toBe(404);
    expect((await cart(b.token)).body.Data).toBeNull();
  });
});
