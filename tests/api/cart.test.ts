import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema/orders';
import { messages } from '../../shared/errors/messages';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, guestToken, tokenFor } from './helpers/users';

const invalidPromo = 'Sorry that promo code is invalid';

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await startTestApp();
  ids = {};
  for (const sku of [
    'OTC-EYE-DROPS',
    'OTC-VITAMIN-D3',
    'RX-LATANOPROST',
    'RX-WEIGHT-CARE',
    'RX-FINASTERIDE',
  ]) {
    ids[sku] = (await productBySku(t, sku)).id;
  }
});
afterAll(async () => {
  await t.close();
});

async function patient() {
  const user = await createUser(t);
  return tokenFor(t, user.email, user.password);
}
const add = (token: string, productId: number, qty?: number) =>
  call(t.url, 'POST', '/api/user/Cart/AddToCart', {
    token,
    json: { productId, qty, storefrontId: 132 },
  });
const cart = (token: string) =>
  call(t.url, 'GET', '/api/user/Cart/GetItemsInCart?storefrontId=132', { token });

describe('the signed-in cart', () => {
  it('is empty at first: "Your Cart Is Empty"', async () => {
    const res = await cart(await patient());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Data: null, Message: 'Your Cart Is Empty' });
  });

  it('adds a product with its default quantity and the spec fields of a cart item', async () => {
    const token = await patient();
    const res = await add(token, ids['OTC-EYE-DROPS'] as number);
    expect(res.status).toBe(200);
    const item = res.body.Data.items[0];
    expect(item).toMatchObject({
      productId: ids['OTC-EYE-DROPS'],
      product_title: 'Preservative-free lubricating eye drops, 30 vials',
      price: 14.99,
      unitPrice: 14.99,
      qty: 1,
      count: 1,
      qtyRange: [1, 2, 3, 4],
      defaultQuantity: 1,
      consultFee: 0,
      isConsultAttached: false,
      isConsultRequired: false,
      type: 'otc',
      checkoutStages: 2 | 32,
      completedCheckoutStages: 0,
    });
    expect(res.body.Data.totals).toMatchObject({ subtotalCents: 1499, totalCents: 1499 });
    expect(res.body.Data.pendingStages).toEqual(['Shipping', 'Payment']);
    expect((await cart(token)).body.Data.items).toHaveLength(1);
  });

  it('uses the fallback image when a product has no thumbnail', async () => {
    const token = await patient();
    const res = await add(token, ids['OTC-VITAMIN-D3'] as number);
    expect(res.body.Data.items[0].thumbnail).toBe('/images/product-fallback.svg');
  });

  it('adds the highest consult fee once, whatever the number of consult products', async () => {
    const token = await patient();
    await add(token, ids['RX-LATANOPROST'] as number);
    await add(token, ids['RX-FINASTERIDE'] as number);
    const res = await add(token, ids['RX-WEIGHT-CARE'] as number);
    const data = res.body.Data;
    expect(data.totals.consultFeeCents).toBe(7900);
    expect(data.consultFee).toBe(79);
    expect(data.totals.subtotalCents).toBe(2800 + 3 * 2500 + 29900);
    expect(data.totals.totalCents).toBe(2800 + 3 * 2500 + 29900 + 7900);
    expect(data.pendingStages).toEqual([
      'Consult',
      'Shipping',
      'Pharmacy',
      'Scheduling',
      'Payment',
    ]);
    expect(data.pendingConsultProductIds).toHaveLength(3);
    expect(data.consultOrderItems).toHaveLength(3);
    expect(data.visit).toEqual({ type: 1 });
  });

  it('adds a product already in the cart without changing its quantity, unless one is given', async () => {
    const token = await patient();
    await add(token, ids['OTC-EYE-DROPS'] as number, 3);
    const again = await add(token, ids['OTC-EYE-DROPS'] as number);
    expect(again.body.Data.items.map((i: { qty: number }) => i.qty)).toEqual([3]);
    const two = await add(token, ids['OTC-EYE-DROPS'] as number, 2);
    expect(two.body.Data.items.map((i: { qty: number }) => i.qty)).toEqual([2]);
  });

  it('marks the cart changed at every change: a product added, added again, a new quantity, a removal', async () => {
    const token = await patient();
    const first = await add(token, ids['OTC-EYE-DROPS'] as number);
    const orderId: string = first.body.Data.id;
    const longAgo = new Date('2020-01-01T00:00:00Z');
    const changedBy = async (change: () => Promise<unknown>) => {
      await t.database.db.update(orders).set({ updatedAt: longAgo }).where(eq(orders.id, orderId));
      await change();
      const [row] = await t.database.db
        .select({ updatedAt: orders.updatedAt })
        .from(orders)
        .where(eq(orders.id, orderId));
      return (row?.updatedAt.getTime() ?? 0) > longAgo.getTime();
    };
    const quantity = (qty: number) =>
      call(t.url, 'POST', '/api/user/Cart/ChangeProductQuantity', {
        token,
        json: { productId: ids['OTC-EYE-DROPS'], qty },
      });
    expect(await changedBy(() => add(token, ids['OTC-VITAMIN-D3'] as number))).toBe(true);
    expect(await changedBy(() => add(token, ids['OTC-VITAMIN-D3'] as number))).toBe(true);
    expect(await changedBy(() => quantity(3))).toBe(true);
    expect(await changedBy(() => quantity(0))).toBe(true);
  });

  it('changes quantities within the range, refuses others, removes at 0', async () => {
    const token = await patient();
    await add(token, ids['OTC-EYE-DROPS'] as number);
    const three = await call(t.url, 'POST', '/api/user/Cart/ChangeProductQuantity', {
      token,
      json: { productId: ids['OTC-EYE-DROPS'], qty: 3 },
    });
    expect(three.body.Data.totals.subtotalCents).toBe(3 * 1499);
    const five = await call(t.url, 'POST', '/api/user/Cart/ChangeProductQuantity', {
      token,
      json: { productId: ids['OTC-EYE-DROPS'], qty: 5 },
    });
    expect(five.status).toBe(400);
    expect(five.body.Message).toBe('Please choose a quantity of 1, 2, 3 or 4.');
    const zero = await call(t.url, 'POST', '/api/user/Cart/ChangeProductQuantity', {
      token,
      json: { productId: ids['OTC-EYE-DROPS'], qty: 0 },
    });
    expect(zero.body.Data.items).toEqual([]);
  });

  it('updates several items at once', async () => {
    const token = await patient();
    const res = await call(t.url, 'PATCH', '/api/user/Cart/items', {
      token,
      json: {
        items: [
          { productId: ids['OTC-EYE-DROPS'], qty: 2 },
          { productId: ids['OTC-VITAMIN-D3'], qty: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.Data.items.map((i: { qty: number }) => i.qty)).toEqual([2, 1]);
  });

  it('answers 404 for an unknown product and 400 for a bad one', async () => {
    const token = await patient();
    expect((await add(token, 999_999)).status).toBe(404);
    expect((await add(token, -1)).status).toBe(400);
  });

  it('with a cart already made, refuses an unknown product and a quantity out of range, and removes at 0', async () => {
    const token = await patient();
    await add(token, ids['OTC-EYE-DROPS'] as number, 2);
    const unknown = await add(token, 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.Message).toBe(messages.productUnavailable);
    const tooMany = await add(token, ids['OTC-EYE-DROPS'] as number, 5);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.Message).toBe('Please choose a quantity of 1, 2, 3 or 4.');
    expect((await cart(token)).body.Data.items.map((i: { qty: number }) => i.qty)).toEqual([2]);
    const removed = await add(token, ids['OTC-EYE-DROPS'] as number, 0);
    expect(removed.status).toBe(200);
    expect(removed.body.Data.items).toEqual([]);
  });

  it('starts a new cart once the last one is placed', async () => {
    const token = await patient();
    const first = await add(token, ids['OTC-EYE-DROPS'] as number);
    const placedId: string = first.body.Data.id;
    await t.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, placedId));
    const next = await add(token, ids['OTC-VITAMIN-D3'] as number);
    expect(next.status).toBe(200);
    expect(next.body.Data.id).not.toBe(placedId);
    expect(next.body.Data.items.map((i: { productId: number }) => i.productId)).toEqual([
      ids['OTC-VITAMIN-D3'],
    ]);
  });

  it('keeps every product of adds made at the same moment, in one cart', async () => {
    const token = await patient();
    await add(token, ids['OTC-EYE-DROPS'] as number);
    const products = [ids['OTC-VITAMIN-D3'], ids['RX-LATANOPROST'], ids['RX-FINASTERIDE']];
    const answers = await Promise.all(
      [...products, ...products].map((productId) => add(token, productId as number)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const { items, id } = (await cart(token)).body.Data;
    expect(new Set(answers.map((answer) => answer.body.Data.id))).toEqual(new Set([id]));
    const byId = (a: number, b: number) => a - b;
    expect(items.map((i: { productId: number }) => i.productId).sort(byId)).toEqual(
      [ids['OTC-EYE-DROPS'], ...products].sort(byId),
    );
  });

  it('keeps each patient to their own cart', async () => {
    const a = await patient();
    const b = await patient();
    await add(a, ids['OTC-EYE-DROPS'] as number);
    expect((await cart(b)).body.Data).toBeNull();
  });

  it('is for patients: a guest token gets 401 and an agent 403', async () => {
    expect((await cart(await guestToken(t))).status).toBe(401);
    const agent = await createUser(t, { role: 'agent' });
    expect((await cart(await tokenFor(t, agent.email, agent.password))).status).toBe(403);
  });
});

describe('promo codes', () => {
  const apply = (token: string, promoCode: string, extra: Record<string, unknown> = {}) =>
    call(t.url, 'POST', '/api/user/Cart/ApplyPromoCode', {
      token,
      json: { promoCode, storefrontId: 132, ...extra },
    });

  it('applies a percentage from the server prices, never the client total', async () => {
    const token = await patient();
    await add(token, ids['OTC-EYE-DROPS'] as number, 2);
    const res = await apply(token, 'welcome10', {
      orderTotal: 0.01,
      products: [{ productId: ids['OTC-EYE-DROPS'], subtotal: 0.01 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      coupon: { code: 'WELCOME10' },
      isPromoCodeApplied: true,
    });
    expect(res.body.Data.totals.discountCents).toBe(300); // 10 % of 29.98, half up
    expect(res.body.Data.totalDiscount).toBe(3);
    expect(res.body.Data.totals.totalCents).toBe(2998 - 300);
  });

  it.each([
    ['an unknown code', 'BOGUS'],
    ['an ended code', 'SUMMER20'],
    ['a code not started yet', 'NEXTYEAR'],
    ['a code below its minimum order', 'SAVE5'],
    ['a code for other products', 'EYECARE15'],
  ])('refuses %s with the spec message', async (_case, code) => {
    const token = await patient();
    await add(token, ids['OTC-VITAMIN-D3'] as number);
    const res = await apply(token, code);
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe(invalidPromo);
    expect(res.body.errors).toEqual({ promoCode: 'promoCodeError' });
  });

  it('limits a product-limited code to its products', async () => {
    const token = await patient();
    await add(token, ids['OTC-EYE-DROPS'] as number);
    await add(token, ids['OTC-VITAMIN-D3'] as number);
    const res = await apply(token, 'EYECARE15');
    expect(res.body.Data.totals.discountCents).toBe(225); // 15 % of 14.99 only
  });

  it('previews a discount without applying it, and removes a code', async () => {
    const token = await patient();
    await add(token, ids['OTC-EYE-DROPS'] as number, 2);
    const preview = await call(t.url, 'POST', '/api/user/Cart/GetPromoCodeDiscount', {
      token,
      json: { promoCode: 'SAVE5' },
    });
    expect(preview.body.Data).toEqual({
      promoCode: 'SAVE5',
      valid: true,
      discount: 5,
      discountCents: 500,
    });
    expect((await cart(token)).body.Data.coupon).toBeNull();
    await apply(token, 'SAVE5');
    const removed = await call(t.url, 'POST', '/api/user/Cart/RemovePromoCode', {
      token,
      json: {},
    });
    expect(removed.body.Data).toMatchObject({
      coupon: null,
      totalDiscount: 0,
      isPromoCodeApplied: false,
    });
  });

  it('drops a code that stops applying when the cart changes', async () => {
    const token = await patient();
    await add(token, ids['OTC-EYE-DROPS'] as number, 2);
    await apply(token, 'SAVE5');
    const res = await call(t.url, 'POST', '/api/user/Cart/ChangeProductQuantity', {
      token,
      json: { productId: ids['OTC-EYE-DROPS'], qty: 1 },
    });
    expect(res.body.Data.isPromoCodeApplied).toBe(false);
    expect(res.body.Data.totals.discountCents).toBe(0);
  });

  it('refuses a malformed code before looking it up', async () => {
    const res = await apply(await patient(), 'no spaces allowed!');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ promoCode: 'promoCodeError' });
  });
});
