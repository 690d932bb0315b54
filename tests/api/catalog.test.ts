import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema/catalog';
import { orderItems, orders } from '../../server/db/schema/orders';
import { storefronts } from '../../server/db/schema/platform';
import { invalidateProducts } from '../../server/modules/catalog/product-cache';
import { invalidateStorefrontCache } from '../../server/modules/config/storefront-cache';
import { medicationOptionLabels } from '../../shared/questionnaire/medication-search';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, guestToken, tokenFor } from './helpers/users';

let t: TestApp;
let key: string;
const productIds: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  key = t.config.apiKey;
  const rows = await t.database.db.select().from(products).where(eq(products.storefrontId, 132));
  for (const row of rows) productIds[row.sku] = row.id;
});
afterAll(async () => {
  await t.close();
});

function idOf(sku: string): number {
  const id = productIds[sku];
  if (id === undefined) throw new Error(`no product ${sku}`);
  return id;
}

async function patientToken() {
  const user = await createUser(t);
  return { user, token: await tokenFor(t, user.email, user.password) };
}

async function setApplicationSettings(changes: Record<string, boolean>) {
  const [row] = await t.database.db.select().from(storefronts).where(eq(storefronts.id, 132));
  if (!row) throw new Error('storefront 132 missing');
  await t.database.db
    .update(storefronts)
    .set({ applicationSettings: { ...row.applicationSettings, ...changes } })
    .where(eq(storefronts.id, 132));
  invalidateStorefrontCache(132);
}

describe('GET /api/Product/GetProductandConsultPrice', () => {
  const path = '/api/Product/GetProductandConsultPrice';

  it('lists the storefront active products with prices in dollars and cents', async () => {
    const res = await call(t.url, 'GET', `${path}?storefrontId=132`, { apiKey: key });
    expect(res.status).toBe(200);
    expect(res.body.Message).toBe('OK');
    const list = res.body.Data as Record<string, unknown>[];
    expect(list).toHaveLength(10);
    const latanoprost = list.find((p) => p.productId === idOf('RX-LATANOPROST'));
    expect(latanoprost).toEqual({
      productId: idOf('RX-LATANOPROST'),
      product_title: 'Latanoprost 0.005% eye drops',
      displayName: 'Latanoprost eye drops',
      description: expect.any(String),
      type: 'rx',
      price: 28,
      priceCents: 2800,
      consultFee: 45,
      consultFeeCents: 4500,
      isConsultRequired: true,
      visitType: 1,
      qtyRange: [1, 2, 3],
      defaultQuantity: 1,
      thumbnail: '/images/products/latanoprost.svg',
      refillIntervalDays: 30,
    });
    const eyeDrops = list.find((p) => p.productId === idOf('OTC-EYE-DROPS'));
    expect(eyeDrops).toMatchObject({
      type: 'otc',
      price: 14.99,
      priceCents: 1499,
      consultFee: 0,
      isConsultRequired: false,
      visitType: null,
    });
    expect(new Set(list.filter((p) => p.type === 'rx').map((p) => p.visitType))).toEqual(
      new Set([1, 2, 3]),
    );
  });

  it('gives the fallback image to a product without a thumbnail', async () => {
    const res = await call(
      t.url,
      'GET',
      `${path}?storefrontId=132&productId=${idOf('RX-VALACYCLOVIR')}`,
      { apiKey: key },
    );
    expect(res.status).toBe(200);
    expect(res.body.Data).toHaveLength(1);
    expect(res.body.Data[0]).toMatchObject({
      productId: idOf('RX-VALACYCLOVIR'),
      thumbnail: '/images/product-fallback.svg',
      visitType: 2,
    });
  });

  it('accepts a guest or user token instead of the api key', async () => {
    const guest = await guestToken(t);
    const res = await call(t.url, 'GET', `${path}?storefrontId=132`, { token: guest });
    expect(res.status).toBe(200);
  });

  it('refuses a caller with neither api key nor token (401)', async () => {
    const res = await call(t.url, 'GET', `${path}?storefrontId=132`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ Data: null, status: 401 });
  });

  it('answers 404 for an unknown product, an inactive one, or an unknown storefront', async () => {
    const unknown = await call(t.url, 'GET', `${path}?storefrontId=132&productId=999999`, {
      apiKey: key,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.Message).toBe('Product not found.');
    const [inactive] = await t.database.db
      .insert(products)
      .values({
        storefrontId: 132,
        sku: 'OTC-RETIRED',
        title: 'Retired product',
        displayName: 'Retired',
        description: 'No longer sold.',
        type: 'otc',
        priceCents: 100,
        requiredStages: 34,
        qtyRange: [1],
        shippableStates: ['CA'],
        active: false,
      })
      .returning();
    const retired = await call(t.url, 'GET', `${path}?storefrontId=132&productId=${inactive?.id}`, {
      apiKey: key,
    });
    expect(retired.status).toBe(404);
    const storefront = await call(t.url, 'GET', `${path}?storefrontId=999`, { apiKey: key });
    expect(storefront.status).toBe(404);
  });

  it('writes each answer once while the catalog is cached, and a change once it is invalidated', async () => {
    const text = async (query: string) => {
      const res = await fetch(`${t.url}${path}?storefrontId=132${query}`, {
        headers: { 'x-api-key': key, 'accept-encoding': 'identity' },
      });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return res.text();
    };
    const drops = `&productId=${idOf('OTC-EYE-DROPS')}`;
    const [list, again] = await Promise.all([text(''), text('')]);
    expect(again).toBe(list);
    expect(await text(drops)).toBe(await text(drops));
    const priceOf = (answer: string) =>
      (JSON.parse(answer).Data as { productId: number; priceCents: number }[]).find(
        (p) => p.productId === idOf('OTC-EYE-DROPS'),
      )?.priceCents;
    expect(priceOf(list)).toBe(1499);

    const eyeDrops = and(eq(products.storefrontId, 132), eq(products.sku, 'OTC-EYE-DROPS'));
    try {
      await t.database.db.update(products).set({ priceCents: 1599 }).where(eyeDrops);
      expect(priceOf(await text(''))).toBe(1499); // cached until invalidated
      invalidateProducts(132);
      expect(priceOf(await text(''))).toBe(1599);
      expect(priceOf(await text(drops))).toBe(1599);
    } finally {
      await t.database.db.update(products).set({ priceCents: 1499 }).where(eyeDrops);
      invalidateProducts(132);
    }
    expect(await text('')).toBe(list);
  });

  it('refuses malformed queries with 400', async () => {
    for (const query of [
      '',
      '?storefrontId=abc',
      '?storefrontId=132&productId=-1',
      '?storefrontId=132&productId=1e3',
      '?storefrontId=132&productId=99999999999',
      '?storefrontId=132&extra=1',
    ]) {
      const res = await call(t.url, 'GET', `${path}${query}`, { apiKey: key });
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ Data: null, status: 400 });
    }
  });
});

describe('GET /api/Product/GetProductShippingStates', () => {
  const path = '/api/Product/GetProductShippingStates';

  it('lists the states the product ships to, by name', async () => {
    const res = await call(t.url, 'GET', `${path}?productId=${idOf('RX-WEIGHT-CARE')}`, {
      apiKey: key,
    });
    expect(res.status).toBe(200);
    const states = res.body.Data as { code: string; name: string }[];
    const codes = states.map((s) => s.code);
    expect(codes).not.toContain('AK');
    expect(codes).not.toContain('HI');
    expect(codes).not.toContain('LA');
    expect(codes).toContain('CA');
    expect(states).toContainEqual({ code: 'NY', name: 'New York' });
    expect(states).toHaveLength(48);
    const names = states.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('checks the storefront when one is sent', async () => {
    const id = idOf('OTC-VITAMIN-D3');
    const ok = await call(t.url, 'GET', `${path}?productId=${id}&storefrontId=132`, {
      apiKey: key,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.Data).toHaveLength(51);
    const other = await call(t.url, 'GET', `${path}?productId=${id}&storefrontId=133`, {
      apiKey: key,
    });
    expect(other.status).toBe(404);
  });

  it('answers 404 for an unknown product, 400 without one, 401 without credentials', async () => {
    expect((await call(t.url, 'GET', `${path}?productId=999999`, { apiKey: key })).status).toBe(
      404,
    );
    expect((await call(t.url, 'GET', path, { apiKey: key })).status).toBe(400);
    expect((await call(t.url, 'GET', `${path}?productId=x`, { apiKey: key })).status).toBe(400);
    expect((await call(t.url, 'GET', `${path}?productId=${idOf('OTC-READERS')}`)).status).toBe(401);
  });
});

describe('GET /api/State/GetStates', () => {
  const path = '/api/State/GetStates';

  it('lists the 50 states and DC by name', async () => {
    const res = await call(t.url, 'GET', path, { apiKey: key });
    expect(res.status).toBe(200);
    const states = res.body.Data as { code: string; name: string }[];
    expect(states).toHaveLength(51);
    expect(states[0]).toEqual({ code: 'AL', name: 'Alabama' });
    expect(states).toContainEqual({ code: 'CA', name: 'California' });
    expect(states.map((s) => s.code)).not.toContain('ON');
    const names = states.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('takes an optional storefront id, refuses other parameters and anonymous callers', async () => {
    expect((await call(t.url, 'GET', `${path}?storefrontId=132`, { apiKey: key })).status).toBe(
      200,
    );
    expect((await call(t.url, 'GET', `${path}?foo=1`, { apiKey: key })).status).toBe(400);
    expect((await call(t.url, 'GET', path)).status).toBe(401);
  });
});

describe('GET /api/Product/SearchMedications', () => {
  const path = '/api/Product/SearchMedications';
  const search = (term: string) =>
    call(t.url, 'GET', `${path}?term=${encodeURIComponent(term)}`, { apiKey: key });

  it('finds names containing the term, those starting with it first, case-insensitively', async () => {
    const res = await search('pr');
    expect(res.status).toBe(200);
    const names = res.body.Data as string[];
    expect(names.length).toBeGreaterThan(5);
    expect(names.length).toBeLessThanOrEqual(20);
    for (const name of names) expect(name.toLowerCase()).toContain('pr');
    const firstContains = names.findIndex((n) => !n.toLowerCase().startsWith('pr'));
    expect(firstContains).toBeGreaterThan(0);
    for (const name of names.slice(firstContains)) {
      expect(name.toLowerCase().startsWith('pr')).toBe(false);
    }
    expect(names.slice(0, 3)).toEqual(['Pravastatin', 'Prednisolone', 'Prednisone']);
    expect(names).toContain('Alprazolam');
    expect((await search('PR')).body.Data).toEqual(names);
  });

  it('finds a term inside names', async () => {
    const res = await search('statin');
    expect(res.body.Data).toEqual([
      'Atorvastatin',
      'Lovastatin',
      'Pravastatin',
      'Rosuvastatin',
      'Simvastatin',
    ]);
  });

  it('answers at most 20 names', async () => {
    const res = await search('in');
    expect(res.status).toBe(200);
    expect(res.body.Data).toHaveLength(20);
  });

  it('matches the term literally (no wildcards) and may find nothing', async () => {
    for (const term of ['%%', '__', 'zzqq']) {
      const res = await search(term);
      expect(res.status).toBe(200);
      expect(res.body.Data).toEqual([]);
    }
  });

  it('refuses fewer than two characters with the spec message', async () => {
    for (const query of ['?term=a', '?term=%20a%20', '?term=', '']) {
      const res = await call(t.url, 'GET', `${path}${query}`, { apiKey: key });
      expect(res.status, query).toBe(400);
      expect(res.body.Message).toBe('PLEASE ENTER TWO OR MORE CHARACTERS');
      expect(res.body.errors).toEqual({ term: 'medicationSearchError' });
    }
  });

  it('needs the api key or a token', async () => {
    expect((await call(t.url, 'GET', `${path}?term=met`)).status).toBe(401);
  });

  it('exposes the medication list option labels of spec §9', () => {
    expect(Object.values(medicationOptionLabels)).toEqual([
      "I'm not taking any medication",
      'NONE',
      'NO MATCH FOUND',
      'Save as Manual Entry?',
    ]);
  });
});

describe('POST /api/order/Order/AddToCart (checkout redirect)', () => {
  const redirect = (productId: number, token: string | null, storefrontId = 132) =>
    call(
      t.url,
      'POST',
      `/api/order/Order/AddToCart?productId=${productId}&storefrontId=${storefrontId}`,
      { token },
    );

  async function itemsOf(orderId: string) {
    return t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  }

  it('puts an OTC product in a guest order and sends the guest to pre-shipping', async () => {
    const guest = await guestToken(t);
    const id = idOf('OTC-EYE-DROPS');
    const res = await redirect(id, guest);
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({
      orderId: expect.any(String),
      redirectTo: '/checkout/pre-shipping',
    });
    const orderId = res.body.Data.orderId as string;
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: null, status: 'cart', storefrontId: 132 });
    expect(order?.totalCents).toBe(1499);
    const items = await itemsOf(orderId);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      productId: id,
      qty: 1,
      unitPriceCents: 1499,
      checkoutStages: 2 | 32,
      completedCheckoutStages: 0,
    });

    // The same product again keeps the one item as it is.
    await t.database.db.update(orderItems).set({ qty: 3 }).where(eq(orderItems.orderId, orderId));
    const again = await redirect(id, guest);
    expect(again.body.Data.orderId).toBe(orderId);
    const after = await itemsOf(orderId);
    expect(after).toHaveLength(1);
    expect(after[0]?.qty).toBe(3);
  });

  it('sends a consult product to the pre-questionnaire, or the questionnaire when that page is off', async () => {
    const guest = await guestToken(t);
    const res = await redirect(idOf('RX-FINASTERIDE'), guest);
    expect(res.status).toBe(200);
    expect(res.body.Data.redirectTo).toBe('/checkout/pre-questionnaire');
    const items = await itemsOf(res.body.Data.orderId);
    expect(items[0]).toMatchObject({ qty: 3, checkoutStages: 59, consultFeeCents: 3500 });

    await setApplicationSettings({ ShowPreQuestionnairePage: false });
    try {
      const other = await redirect(idOf('RX-LATANOPROST'), await guestToken(t));
      expect(other.body.Data.redirectTo).toBe('/checkout/questionnaire/1');
    } finally {
      await setApplicationSettings({ ShowPreQuestionnairePage: true });
    }
  });

  it('sends the shopper to shipping details when the pre-shipping page is off', async () => {
    await setApplicationSettings({ ShowPreShippingPage: false });
    try {
      const res = await redirect(idOf('OTC-READERS'), await guestToken(t));
      expect(res.body.Data.redirectTo).toBe('/checkout/shipping-details');
    } finally {
      await setApplicationSettings({ ShowPreShippingPage: true });
    }
  });

  it("adds to a patient's cart, one cart per patient", async () => {
    const { user, token } = await patientToken();
    const first = await redirect(idOf('OTC-CETIRIZINE'), token);
    expect(first.status).toBe(200);
    expect(first.body.Data.redirectTo).toBe('/checkout/pre-shipping');
    const second = await redirect(idOf('RX-SUMATRIPTAN'), token);
    expect(second.body.Data).toEqual({
      orderId: first.body.Data.orderId,
      redirectTo: '/checkout/pre-questionnaire',
    });
    const mine = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.status, 'cart')));
    expect(mine).toHaveLength(1);
    expect(await itemsOf(first.body.Data.orderId)).toHaveLength(2);
  });

  it('answers 404 for an unknown product or one of another storefront', async () => {
    const { token } = await patientToken();
    const unknown = await redirect(999999, token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.Message).toBe('Product not found.');

    await t.database.db
      .insert(storefronts)
      .values({ id: 133, name: 'Other', phone: '(888) 555-0133', email: 'care@other.example' })
      .onConflictDoNothing();
    const [foreign] = await t.database.db
      .insert(products)
      .values({
        storefrontId: 133,
        sku: 'OTC-OTHER',
        title: 'Other storefront product',
        displayName: 'Other',
        description: 'Sold elsewhere.',
        type: 'otc',
        priceCents: 500,
        requiredStages: 34,
        qtyRange: [1],
        shippableStates: ['CA'],
      })
      .returning();
    if (!foreign) throw new Error('product not created');
    // Asked for as a product of storefront 132: it is not one.
    expect((await redirect(foreign.id, token)).status).toBe(404);
    // A cart of storefront 132 cannot take a product of storefront 133.
    await redirect(idOf('OTC-VITAMIN-D3'), token);
    const res = await redirect(foreign.id, token, 133);
    expect(res.status).toBe(404);
  });

  it('refuses callers without an order identity and malformed queries', async () => {
    const id = idOf('OTC-EYE-DROPS');
    expect((await redirect(id, null)).status).toBe(401);
    const apiKeyOnly = await call(
      t.url,
      'POST',
      `/api/order/Order/AddToCart?productId=${id}&storefrontId=132`,
      { apiKey: key },
    );
    expect(apiKeyOnly.status).toBe(401);
    const ecp = await tokenFor(t, demo.ecp.email, demo.ecp.password);
    expect((await redirect(id, ecp)).status).toBe(403);
    const guest = await guestToken(t);
    for (const query of [
      '',
      `?productId=${id}`,
      '?productId=x&storefrontId=132',
      `?productId=${id}&storefrontId=132&qty=2`,
    ]) {
      const res = await call(t.url, 'POST', `/api/order/Order/AddToCart${query}`, { token: guest });
      expect(res.status, query).toBe(400);
    }
    const body = await call(
      t.url,
      'POST',
      `/api/order/Order/AddToCart?productId=${id}&storefrontId=132`,
      {
        token: guest,
        json: { total: 0 },
      },
    );
    expect(body.status).toBe(400);
  });
});
