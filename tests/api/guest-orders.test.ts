import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema/orders';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { withEmailCode } from './helpers/registration-code';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, guestToken, tokenFor } from './helpers/users';

let t: TestApp;
let eyeDrops: number;
let vitamin: number;
let latanoprost: number;
beforeAll(async () => {
  t = await startTestApp();
  eyeDrops = (await productBySku(t, 'OTC-EYE-DROPS')).id;
  vitamin = (await productBySku(t, 'OTC-VITAMIN-D3')).id;
  latanoprost = (await productBySku(t, 'RX-LATANOPROST')).id;
});
afterAll(async () => {
  await t.close();
});

/** The session GUID the guest orders of these tests are made in (the browser's). */
const sessionGuid = 'b0c7d3f2-2f55-4d0b-9d3a-1f7e3a1c2b10';
const create = (token: string, items: { productId: number; qty: number }[] = []) =>
  call(t.url, 'POST', '/api/v1/guestorders', {
    token,
    json: { storefrontId: 132, sessionGuid, items },
  });

describe('guest orders', () => {
  it('answers the guest order response of spec §3, field for field', async () => {
    const token = await guestToken(t);
    const res = await create(token, [{ productId: latanoprost, qty: 1 }]);
    expect(res.status).toBe(200);
    const data = res.body.Data;
    for (const field of [
      'id',
      'sessionGuid',
      'items',
      'consultOrderItems',
      'orderId',
      'checkoutStages',
      'completedCheckoutStages',
      'addresses',
      'carrier',
      'coupon',
      'totalDiscount',
      'isPromoCodeApplied',
      'isSalesTaxApplied',
      'salesTaxAmount',
      'applicationSettings',
      'pharmacy',
      'people',
      'doctor',
      'visit',
    ]) {
      expect(data, field).toHaveProperty(field);
    }
    expect(data.addresses).toEqual({ Shipping: null });
    expect(data.applicationSettings).toEqual({ PharmacyChoice: true, HideBMI: false });
    expect(data.people).toEqual({ phones: [] });
    expect(data.sessionGuid).toBe('b0c7d3f2-2f55-4d0b-9d3a-1f7e3a1c2b10');
    expect(data.orderId).toBe(data.id);
    expect(data.checkoutStages).toBe(1 | 2 | 8 | 16 | 32);
    // A guest has no login token: Register is pending, in stage order.
    expect(data.pendingStages).toEqual([
      'Consult',
      'Shipping',
      'Pharmacy',
      'Scheduling',
      'Register',
      'Payment',
    ]);
  });

  it('reads, changes and keeps the current guest order', async () => {
    const token = await guestToken(t);
    const created = await create(token, [{ productId: eyeDrops, qty: 1 }]);
    const again = await create(token);
    expect(again.body.Data.id).toBe(created.body.Data.id);
    const patched = await call(t.url, 'PATCH', '/api/v1/guestorders/current/items', {
      token,
      json: {
        items: [
          { productId: eyeDrops, qty: 2 },
          { productId: vitamin, qty: 1 },
        ],
      },
    });
    expect(patched.body.Data.totals.subtotalCents).toBe(2 * 1499 + 1149);
    const current = await call(t.url, 'GET', '/api/v1/guestorders/current', { token });
    expect(current.body.Data.items).toHaveLength(2);
    const byId = await call(t.url, 'GET', `/api/v1/guestorders/${created.body.Data.id}`, { token });
    expect(byId.body.Data.id).toBe(created.body.Data.id);
  });

  it('lets a new guest token pick up the order by its stored id', async () => {
    const first = await guestToken(t);
    const created = await create(first, [{ productId: eyeDrops, qty: 1 }]);
    const second = await guestToken(t);
    const picked = await call(t.url, 'POST', `/api/v1/guestorders/${created.body.Data.id}`, {
      token: second,
    });
    expect(picked.status).toBe(200);
    expect((await call(t.url, 'GET', '/api/v1/guestorders/current', { token: first })).status).toBe(
      404,
    );
  });

  it('answers 404 for an unknown id and for no current order', async () => {
    const token = await guestToken(t);
    expect((await call(t.url, 'GET', '/api/v1/guestorders/current', { token })).status).toBe(404);
    const unknown = await call(
      t.url,
      'GET',
      '/api/v1/guestorders/6f1c2c1e-1111-4a1a-9a1a-111111111111',
      { token },
    );
    expect(unknown.status).toBe(404);
    expect((await call(t.url, 'GET', '/api/v1/guestorders/not-a-uuid', { token })).status).toBe(
      400,
    );
  });

  it('is for guest tokens only', async () => {
    expect((await call(t.url, 'GET', '/api/v1/guestorders/current')).status).toBe(401);
    const patientToken = await tokenFor(t, demo.patient.email, demo.patient.password);
    expect(
      (await call(t.url, 'GET', '/api/v1/guestorders/current', { token: patientToken })).status,
    ).toBe(403);
  });

  it('applies and removes a promo code', async () => {
    const token = await guestToken(t);
    await create(token, [{ productId: eyeDrops, qty: 2 }]);
    const applied = await call(t.url, 'POST', '/api/v1/guestorders/current/coupon', {
      token,
      json: { promoCode: 'SAVE5', storefrontId: 132 },
    });
    expect(applied.body.Data.totals.discountCents).toBe(500);
    const invalid = await call(t.url, 'POST', '/api/v1/guestorders/current/coupon', {
      token,
      json: { promoCode: 'NOPE' },
    });
    expect(invalid.body.Message).toBe('Sorry that promo code is invalid');
    const removed = await call(t.url, 'POST', '/api/v1/guestorders/current/coupon/remove', {
      token,
      json: {},
    });
    expect(removed.body.Data.coupon).toBeNull();
  });
});

describe('the guest order moves into the account', () => {
  // As the web app signs in: the order id with the session GUID it was made in.
  const loginWith = (email: string, password: string, guestOrderId: string, GUID = sessionGuid) =>
    call(t.url, 'POST', '/api/auth/AccessTokenSfrw', {
      form: { username: email, password, companyid: '132', guestOrderId, GUID },
    });
  const cartOf = (token: string) => call(t.url, 'GET', '/api/user/Cart/GetItemsInCart', { token });

  it('at password sign-in, as the cart when the patient has none', async () => {
    const user = await createUser(t);
    const guest = await guestToken(t);
    const created = await create(guest, [{ productId: eyeDrops, qty: 2 }]);
    const signedIn = await loginWith(user.email, user.password, created.body.Data.id);
    const token = signedIn.body.Data.access_token;
    const cart = await cartOf(token);
    expect(cart.body.Data.id).toBe(created.body.Data.id);
    expect(cart.body.Data.items[0].qty).toBe(2);
    expect(cart.body.Data.pendingStages).not.toContain('Register');
    // The guest token no longer reaches it.
    expect((await call(t.url, 'GET', '/api/v1/guestorders/current', { token: guest })).status).toBe(
      404,
    );
  });

  it('merged into an existing cart: nothing lost, the guest item wins for a shared product', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user.email, user.password);
    await call(t.url, 'PATCH', '/api/user/Cart/items', {
      token,
      json: {
        items: [
          { productId: eyeDrops, qty: 4 },
          { productId: vitamin, qty: 2 },
        ],
      },
    });
    const guest = await guestToken(t);
    const created = await create(guest, [
      { productId: eyeDrops, qty: 1 },
      { productId: latanoprost, qty: 1 },
    ]);
    const signedIn = await loginWith(user.email, user.password, created.body.Data.id);
    const cart = await cartOf(signedIn.body.Data.access_token);
    const quantities = Object.fromEntries(
      cart.body.Data.items.map((i: { productId: number; qty: number }) => [i.productId, i.qty]),
    );
    expect(quantities).toEqual({ [eyeDrops]: 1, [vitamin]: 2, [latanoprost]: 1 });
    const [gone] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, created.body.Data.id));
    expect(gone).toBeUndefined();
  });

  it('at registration', async () => {
    const guest = await guestToken(t);
    const created = await create(guest, [{ productId: vitamin, qty: 1 }]);
    const email = `new${Date.now()}@example.test`;
    const json = await withEmailCode(
      t.url,
      {
        Email: email,
        Password: 'Sunrise#2026',
        CompanyId: 132,
        FirstName: 'Nia',
        LastName: 'Long',
        guestOrderId: created.body.Data.id,
      },
      { token: guest },
    );
    const res = await call(t.url, 'POST', '/api/user/Register', { token: guest, json });
    expect(res.status).toBe(200);
    const cart = await cartOf(res.body.Data.access_token);
    expect(cart.body.Data.id).toBe(created.body.Data.id);
  });

  it('at passcode sign-in', async () => {
    const user = await createUser(t);
    const guest = await guestToken(t);
    const created = await create(guest, [{ productId: vitamin, qty: 2 }]);
    await call(t.url, 'POST', '/api/auth/SendLoginOtp', {
      form: { userName: user.email, companyId: '132', 'channels[]': 'email' },
    });
    const outbox = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
    const code = /\b(\d{6})\b/.exec(outbox.body.Data[0].body)?.[1] ?? '';
    const res = await call(t.url, 'POST', '/api/auth/VerifyLoginOtp', {
      form: {
        userName: user.email,
        companyId: '132',
        code,
        guestOrderId: created.body.Data.id,
        GUID: sessionGuid,
      },
    });
    const cart = await cartOf(res.body.Data.access_token);
    expect(cart.body.Data.items[0].qty).toBe(2);
  });

  it('is not taken by someone who only knows its id: another GUID, no guest token, another guest token', async () => {
    const guest = await guestToken(t);
    const created = await create(guest, [{ productId: vitamin, qty: 1 }]);
    const orderId = created.body.Data.id;
    const attacker = await createUser(t);
    const other = await loginWith(
      attacker.email,
      attacker.password,
      orderId,
      '0e9c5f8a-5b1d-4a37-8f0c-5e8d2a7b9c11',
    );
    expect(other.status).toBe(200);
    expect((await cartOf(other.body.Data.access_token)).body.Data?.id).not.toBe(orderId);
    const strangerGuest = await guestToken(t);
    const thief = await withEmailCode(
      t.url,
      {
        Email: `thief-${Date.now()}@example.test`,
        Password: 'Sunrise#2026',
        CompanyId: 132,
        FirstName: 'Eve',
        LastName: 'Thief',
        guestOrderId: orderId,
      },
      { token: strangerGuest },
    );
    const registered = await call(t.url, 'POST', '/api/user/Register', {
      token: strangerGuest,
      json: thief,
    });
    expect(registered.status).toBe(200);
    expect((await cartOf(registered.body.Data.access_token)).body.Data?.id).not.toBe(orderId);
    // Still the guest's.
    const mine = await call(t.url, 'GET', '/api/v1/guestorders/current', { token: guest });
    expect(mine.body.Data.id).toBe(orderId);
  });

  it('ignores an id that is not an open guest order', async () => {
    const user = await createUser(t);
    const res = await loginWith(user.email, user.password, '6f1c2c1e-1111-4a1a-9a1a-111111111111');
    expect(res.status).toBe(200);
  });
});
