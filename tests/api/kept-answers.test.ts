import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pharmacies, shippingMethods } from '../../server/db/schema/care-network';
import { products } from '../../server/db/schema/catalog';
import { users } from '../../server/db/schema/identity';
import {
  cards,
  orderItems,
  orderStatusHistory,
  orders,
  payments,
  promoCodes,
} from '../../server/db/schema/orders';
import { auditLog } from '../../server/db/schema/platform';
import { invalidateProducts } from '../../server/modules/catalog/product-cache';
import { openOrderAnswerSignedIn } from '../../server/modules/orders/order-answer';
import type { OrderDetailsData } from '../../shared/contracts/order-history';
import type { OrderData } from '../../shared/contracts/orders';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { placedOrder, savedCard, testAddress } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, guestToken, signInByToken, tokenFor } from './helpers/users';

// The cart, a guest's order and order details keep their answers by the versions of the rows
// they were made from (server/modules/orders/kept-answers.ts). A change to any of those rows,
// written by any server (here straight to the database, as another server process would),
// must show at the next read; nothing kept may reach another caller.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function read<Answer = OrderData>(path: string, token: string): Promise<Answer> {
  const res = await call(t.url, 'GET', path, { token });
  expect(res.status, path).toBe(200);
  return res.body.Data as Answer;
}

const cartPath = '/api/user/Cart/GetItemsInCart';

/** A patient with a cart of one product (eye drops, 1), and the cart's id. */
async function patientWithCart() {
  const user = await createUser(t, { email: `kept-${randomUUID()}@example.test` });
  const token = await tokenFor(t, user.email, user.password);
  const eyeDrops = await productBySku(t, 'OTC-EYE-DROPS');
  const added = await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
    token,
    json: { productId: eyeDrops.id, qty: 1, storefrontId: 132 },
  });
  expect(added.status).toBe(200);
  return { user, token, cartId: added.body.Data.id as string, eyeDrops };
}

/** Each change, made to one row the answer is made from, and what the next read shows of it. */
type Change<Answer> = [
  what: string,
  change: () => Promise<unknown>,
  shows: (answer: Answer) => void,
];

/** Reads, changes, reads again: every change shows at once. */
async function eachShows<Answer>(path: string, token: string, changes: Change<Answer>[]) {
  await read(path, token);
  await read(path, token);
  for (const [what, change, shows] of changes) {
    await change();
    const answer = await read<Answer>(path, token);
    try {
      shows(answer);
    } catch (error) {
      throw new Error(`after a change to ${what}: ${(error as Error).message}`);
    }
    // And again, now from what is kept.
    shows(await read<Answer>(path, token));
  }
}

describe('answers kept by the versions of their rows', () => {
  it('answers a read again with the same answer while none of its rows changed', async () => {
    const { db } = t.database;
    const { token, cartId } = await patientWithCart();
    const signIn = signInByToken(t, token);
    const first = await openOrderAnswerSignedIn(t.deps, signIn, 'user');
    expect(Object.isFrozen(first)).toBe(true);
    expect(await openOrderAnswerSignedIn(t.deps, signIn, 'user')).toBe(first);
    await db.update(orderItems).set({ qty: 2 }).where(eq(orderItems.orderId, cartId));
    const changed = await openOrderAnswerSignedIn(t.deps, signIn, 'user');
    expect(changed).not.toBe(first);
    expect(changed?.items.map((item) => item.qty)).toEqual([2]);
    // That read wrote the cart's new totals (a change of its row), so the next makes it again.
    const settled = await openOrderAnswerSignedIn(t.deps, signIn, 'user');
    expect(settled).toEqual(changed);
    expect(await openOrderAnswerSignedIn(t.deps, signIn, 'user')).toBe(settled);
  });
});

describe('every change to a row an answer is made from shows at the next read', () => {
  it('the cart', async () => {
    const { db } = t.database;
    const { user, token, cartId, eyeDrops } = await patientWithCart();
    const vitamin = await productBySku(t, 'OTC-VITAMIN-D3');
    const [pharmacy] = await db.select().from(pharmacies).limit(1);
    const [method] = await db.select().from(shippingMethods).limit(1);
    if (!pharmacy || !method) throw new Error('nothing seeded');
    const code = `KEPT-${randomUUID().slice(0, 8)}`;
    await db.insert(promoCodes).values({ code, storefrontId: 132, kind: 'percent', value: 1000 });
    const ofCart = eq(orders.id, cartId);
    const item = (id: number) => and(eq(orderItems.orderId, cartId), eq(orderItems.productId, id));

    await eachShows<OrderData>(cartPath, token, [
      [
        'an item',
        () => db.update(orderItems).set({ qty: 3 }).where(item(eyeDrops.id)),
        (cart) => expect(cart.items.map((i) => i.qty)).toEqual([3]),
      ],
      [
        'the items (one added)',
        () =>
          db.insert(orderItems).values({
            orderId: cartId,
            productId: vitamin.id,
            qty: 2,
            unitPriceCents: vitamin.priceCents,
            checkoutStages: 0,
          }),
        (cart) => expect(cart.items.map((i) => i.qty)).toEqual([3, 2]),
      ],
      [
        'the items (one removed)',
        () => db.delete(orderItems).where(item(vitamin.id)),
        (cart) => expect(cart.items.map((i) => i.productId)).toEqual([eyeDrops.id]),
      ],
      [
        'the order',
        () =>
          db
            .update(orders)
            .set({ shippingAddress: { ...testAddress, state: 'OR' } })
            .where(ofCart),
        (cart) => expect(cart.addresses.Shipping?.state).toBe('OR'),
      ],
      [
        'the patient',
        () => db.update(users).set({ phone: '5035550123' }).where(eq(users.id, user.id)),
        (cart) => expect(cart.people.phones).toContain('5035550123'),
      ],
      [
        'the order (a pharmacy, a shipping method and a promo code chosen)',
        () =>
          db
            .update(orders)
            .set({ pharmacyId: pharmacy.id, shippingMethodId: method.id, couponCode: code })
            .where(ofCart),
        (cart) => expect(cart.coupon).toEqual({ code }),
      ],
      [
        'the pharmacy',
        () =>
          db
            .update(pharmacies)
            .set({ pharmacyName: `Kept Pharmacy ${code}` })
            .where(eq(pharmacies.id, pharmacy.id)),
        (cart) => expect(cart.pharmacy?.pharmacyName).toBe(`Kept Pharmacy ${code}`),
      ],
      [
        'the shipping method',
        () =>
          db
            .update(shippingMethods)
            .set({ feeCents: method.feeCents + 101 })
            .where(eq(shippingMethods.id, method.id)),
        (cart) => expect(cart.carrier?.shipping).toBe((method.feeCents + 101) / 100),
      ],
      [
        'the promo code',
        () => db.update(promoCodes).set({ value: 5000 }).where(eq(promoCodes.code, code)),
        // Half of three, rounded half up to the cent.
        (cart) => expect(cart.totalDiscount).toBe(Math.round(3 * eyeDrops.priceCents * 0.5) / 100),
      ],
      [
        'the catalog (a price, the catalog reloaded)',
        async () => {
          await db
            .update(products)
            .set({ priceCents: eyeDrops.priceCents + 100 })
            .where(eq(products.id, eyeDrops.id));
          invalidateProducts(132);
        },
        (cart) => expect(cart.items[0].price).toBe((eyeDrops.priceCents + 100) / 100),
      ],
    ]);
  });

  it("a promo code's end, though no row changed", async () => {
    const { db } = t.database;
    const { token, cartId } = await patientWithCart();
    const code = `ENDS-${randomUUID().slice(0, 8)}`;
    const endsAt = new Date(Date.now() + 1_500);
    await db
      .insert(promoCodes)
      .values({ code, storefrontId: 132, kind: 'percent', value: 1000, endsAt });
    await db.update(orders).set({ couponCode: code }).where(eq(orders.id, cartId));
    expect((await read(cartPath, token)).isPromoCodeApplied).toBe(true);
    expect((await read(cartPath, token)).isPromoCodeApplied).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, endsAt.getTime() - Date.now() + 50));
    expect((await read(cartPath, token)).isPromoCodeApplied).toBe(false);
  });

  it("a guest's order", async () => {
    const { db } = t.database;
    const token = await guestToken(t);
    const eyeDrops = await productBySku(t, 'OTC-EYE-DROPS');
    const created = await call(t.url, 'POST', '/api/v1/guestorders', {
      token,
      json: { storefrontId: 132, items: [{ productId: eyeDrops.id, qty: 1 }] },
    });
    expect(created.status).toBe(200);
    const orderId = created.body.Data.id as string;
    await eachShows<OrderData>('/api/v1/guestorders/current', token, [
      [
        'an item',
        () => db.update(orderItems).set({ qty: 4 }).where(eq(orderItems.orderId, orderId)),
        (order) => expect(order.items.map((i) => i.qty)).toEqual([4]),
      ],
      [
        'the order',
        () =>
          db
            .update(orders)
            .set({ shippingAddress: { ...testAddress, state: 'WA' } })
            .where(eq(orders.id, orderId)),
        (order) => expect(order.addresses.Shipping?.state).toBe('WA'),
      ],
    ]);
  });

  it("an order's details", async () => {
    const { db } = t.database;
    const user = await createUser(t, { email: `kept-details-${randomUUID()}@example.test` });
    const token = await tokenFor(t, user.email, user.password);
    const card = await savedCard(t, user.id);
    const order = await placedOrder(t, user.id, { cardId: card.id, status: 'approved' });
    const ofOrder = eq(payments.orderId, order.id);
    await eachShows<OrderDetailsData>(`/api/order/GetOrderDetails?orderId=${order.id}`, token, [
      [
        'a payment',
        () => db.update(payments).set({ status: 'refunded' }).where(ofOrder),
        (details) => expect(details.payments.map((p) => p.status)).toEqual(['refunded']),
      ],
      [
        "a payment's card",
        () => db.update(cards).set({ last4: '0005' }).where(eq(cards.id, card.id)),
        (details) => expect(details.payments.map((p) => p.last4)).toEqual(['0005']),
      ],
      [
        'the status history',
        () =>
          db.insert(orderStatusHistory).values({
            orderId: order.id,
            fromStatus: 'approved',
            toStatus: 'shipped',
            note: 'kept',
          }),
        (details) => expect(details.statusHistory.at(-1)?.note).toBe('kept'),
      ],
    ]);
  });
});

describe('what is kept reaches no one else', () => {
  it('a sign-out holds at once on a kept cart', async () => {
    const { token } = await patientWithCart();
    await read(cartPath, token);
    await read(cartPath, token);
    expect((await call(t.url, 'POST', '/api/auth/LogoutSfrw', { token })).status).toBe(200);
    expect((await call(t.url, 'GET', cartPath, { token })).status).toBe(401);
  });

  it("another patient asking for a kept order's details is told it does not exist", async () => {
    const owner = await createUser(t, { email: `kept-owner-${randomUUID()}@example.test` });
    const ownerToken = await tokenFor(t, owner.email, owner.password);
    const order = await placedOrder(t, owner.id, { status: 'approved' });
    const path = `/api/order/GetOrderDetails?orderId=${order.id}`;
    await read(path, ownerToken);
    await read(path, ownerToken);
    const other = await createUser(t, { email: `kept-other-${randomUUID()}@example.test` });
    const otherToken = await tokenFor(t, other.email, other.password);
    expect((await call(t.url, 'GET', path, { token: otherToken })).status).toBe(404);
  });

  it("an agent's every read of a kept order's details is audited", async () => {
    const owner = await createUser(t, { email: `kept-audited-${randomUUID()}@example.test` });
    const order = await placedOrder(t, owner.id, { status: 'approved' });
    const agent = await createUser(t, {
      email: `kept-agent-${randomUUID()}@example.test`,
      role: 'agent',
    });
    const agentToken = await tokenFor(t, agent.email, agent.password);
    const path = `/api/order/GetOrderDetails?orderId=${order.id}`;
    for (let i = 0; i < 3; i++) await read(path, agentToken);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'order.details.read'), eq(auditLog.subject, `order:${order.id}`)),
      );
    expect(audited).toHaveLength(3);
  });
});
