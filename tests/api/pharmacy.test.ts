import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { pharmacies, shippingMethods } from '../../server/db/schema/care-network';
import { products } from '../../server/db/schema/catalog';
import { orders } from '../../server/db/schema/orders';
import { storefronts } from '../../server/db/schema/platform';
import { isValidNpi } from '../../server/db/seed/pharmacy-data';
import { seedDatabase } from '../../server/db/seed/seed';
import { invalidateStorefrontCache } from '../../server/modules/config/storefront-cache';
import { StageBit } from '../../shared/checkout/stage-bits';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, guestToken, tokenFor } from './helpers/users';

let t: TestApp;
const sku: Record<string, number> = {};

const paths = {
  list: '/api/order/GetPharmacyList',
  map: '/api/order/GetPharmaciesMap',
  guestMap: '/api/v1/guestorders/current/getpharmacymap',
  addPatient: '/api/order/AddPatientPharmacyToOrder',
  select: '/api/order/SelectPharmacy',
  acceptInternal: '/api/order/AcceptInternalPharmacy',
  guestPharmacy: '/api/v1/guestorders/current/pharmacy',
  guestAcceptInternal: '/api/v1/guestorders/current/pharmacy/acceptinternal',
  addAddress: '/api/order/AddShippingAddress',
};

const internalOnly = 'This storefront fills prescriptions through its own pharmacy.';
const unknownZip = 'We could not find that zip code.';

const cornerPharmacy = {
  pharmacyName: 'Corner Drug of Salem',
  address: '145 Liberty St NE',
  city: 'Salem',
  state: 'OR',
  zip: '97301',
  phone: '503-555-0188',
  fax: '(503) 555-0189',
  npi: '1234567893',
};

interface ListItem {
  id: number;
  pharmacyName: string;
  city: string;
  zip: string;
  state: string;
  isPatientCreated: boolean;
  latitude: number | null;
  longitude: number | null;
  distanceMiles: number | null;
}

beforeAll(async () => {
  t = await startTestApp();
  for (const row of await t.database.db
    .select({ id: products.id, sku: products.sku })
    .from(products)) {
    sku[row.sku] = row.id;
  }
});
afterAll(async () => {
  await t.close();
});

async function newPatient() {
  const user = await createUser(t);
  return { ...user, token: await tokenFor(t, user.email, user.password) };
}

async function cartWith(token: string, ...skus: string[]): Promise<string> {
  let orderId = '';
  for (const s of skus) {
    const res = await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
      token,
      json: { productId: sku[s], storefrontId: 132 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    orderId = res.body.Data.orderId;
  }
  return orderId;
}

async function guestWith(...skus: string[]) {
  const token = await guestToken(t);
  const res = await call(t.url, 'POST', '/api/v1/guestorders', {
    token,
    json: { storefrontId: 132, items: skus.map((s) => ({ productId: sku[s], qty: 1 })) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token, orderId: res.body.Data.orderId as string };
}

async function orderRow(orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error('no order');
  return row;
}

async function pharmacyCount() {
  const [row] = await t.database.db.select({ n: count() }).from(pharmacies);
  return row?.n ?? 0;
}

async function listedPharmacy() {
  const [row] = await t.database.db
    .select()
    .from(pharmacies)
    .where(eq(pharmacies.isPatientCreated, false))
    .limit(1);
  if (!row) throw new Error('no pharmacy');
  return row;
}

async function internal() {
  const [row] = await t.database.db
    .select()
    .from(pharmacies)
    .where(eq(pharmacies.isInternal, true));
  if (!row) throw new Error('no internal pharmacy');
  return row;
}

async function setPharmacyChoice(value: boolean) {
  const [row] = await t.database.db.select().from(storefronts).where(eq(storefronts.id, 132));
  await t.database.db
    .update(storefronts)
    .set({ applicationSettings: { ...row?.applicationSettings, PharmacyChoice: value } })
    .where(eq(storefronts.id, 132));
  invalidateStorefrontCache(132);
}

const get = (path: string, token?: string) => call(t.url, 'GET', path, { token });
const post = (path: string, token: string, json: unknown) =>
  call(t.url, 'POST', path, { token, json });
const pharmacyDone = (data: { completedCheckoutStages: number }) =>
  (data.completedCheckoutStages & StageBit.Pharmacy) !== 0;

describe('the seeded pharmacies', () => {
  it('are a few hundred at real US zip codes, with valid NPIs, and one internal', async () => {
    const rows = await t.database.db.select().from(pharmacies);
    const seeded = rows.filter((r) => !r.isPatientCreated);
    expect(seeded.length).toBeGreaterThanOrEqual(300);
    expect(new Set(seeded.map((r) => r.state)).size).toBeGreaterThanOrEqual(50);
    for (const row of seeded) {
      const zip = zipcodes.lookup(row.zip);
      expect(zip, row.zip).toBeDefined();
      expect({
        city: row.city,
        state: row.state,
        latitude: row.latitude,
        longitude: row.longitude,
      }).toEqual({
        city: zip?.city,
        state: zip?.state,
        latitude: zip?.latitude,
        longitude: zip?.longitude,
      });
      expect(isValidNpi(row.npi ?? ''), row.pharmacyName).toBe(true);
      expect(row.phone).toMatch(/^[2-9][0-9]{2}5550[0-9]{3}$/);
    }
    const internals = seeded.filter((r) => r.isInternal);
    expect(internals.map((r) => r.pharmacyName)).toEqual(['Evergreen Health Mail Pharmacy']);
    expect(seeded.some((r) => /^Walgreens #\d+$/.test(r.pharmacyName))).toBe(true);
    expect(seeded.some((r) => /^CVS Pharmacy #\d+$/.test(r.pharmacyName))).toBe(true);
    expect(seeded.some((r) => / Family Pharmacy$/.test(r.pharmacyName))).toBe(true);
  });

  it('are seeded once: another start adds none', async () => {
    const pharmaciesBefore = await pharmacyCount();
    const [methodsBefore] = await t.database.db.select({ n: count() }).from(shippingMethods);
    await seedDatabase(t.database, t.config);
    expect(await pharmacyCount()).toBe(pharmaciesBefore);
    const [methodsAfter] = await t.database.db.select({ n: count() }).from(shippingMethods);
    expect(methodsAfter?.n).toBe(methodsBefore?.n);
  });
});

describe('GET /api/order/GetPharmacyList', () => {
  it('finds pharmacies by name, case-insensitively, at most 50', async () => {
    const token = await guestToken(t);
    const res = await get(`${paths.list}?search=wALGREENS`, token);
    expect(res.status).toBe(200);
    const items = res.body.Data as ListItem[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(50);
    for (const item of items) expect(item.pharmacyName.toLowerCase()).toContain('walgreens');
    expect(items[0]).toMatchObject({
      id: expect.any(Number),
      isPatientCreated: false,
      npi: expect.stringMatching(/^\d{10}$/),
      fax: expect.any(String),
      phone: expect.any(String),
      address: expect.any(String),
      distanceMiles: null,
    });
    // Never the internal mail-order pharmacy: it has its own call.
    const mail = await get(`${paths.list}?search=Evergreen Health Mail`, token);
    expect(mail.body.Data).toEqual([]);
  });

  it('finds pharmacies by city', async () => {
    const token = await guestToken(t);
    const res = await get(`${paths.list}?search=new york`, token);
    const items = res.body.Data as ListItem[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(`${item.pharmacyName} ${item.city}`.toLowerCase()).toContain('new york');
    }
  });

  it('finds pharmacies by zip prefix, and by exact zip with distances, nearest first', async () => {
    const token = await guestToken(t);
    const prefix = await get(`${paths.list}?search=100`, token);
    const byPrefix = prefix.body.Data as ListItem[];
    expect(byPrefix.length).toBeGreaterThan(0);
    for (const item of byPrefix) expect(item.zip.startsWith('100')).toBe(true);

    const someZip = byPrefix[0]?.zip ?? '';
    const exact = await get(`${paths.list}?search=${someZip}`, token);
    const byZip = exact.body.Data as ListItem[];
    expect(byZip.length).toBeGreaterThan(0);
    for (const item of byZip) {
      expect(item.zip).toBe(someZip);
      expect(item.distanceMiles).toBe(0);
    }

    // A name search measured from a zip: sorted by distance.
    const measured = await get(`${paths.list}?search=pharmacy&zip=10001`, token);
    const distances = (measured.body.Data as ListItem[]).map((i) => i.distanceMiles ?? -1);
    expect(distances.length).toBeGreaterThan(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((d) => d >= 0)).toBe(true);
  });

  it('treats LIKE wildcards literally and refuses short, missing or unknown input', async () => {
    const token = await guestToken(t);
    expect((await get(`${paths.list}?search=%25%25`, token)).body.Data).toEqual([]);
    expect((await get(`${paths.list}?search=__`, token)).body.Data).toEqual([]);
    const short = await get(`${paths.list}?search=a`, token);
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ search: 'pharmacySearchError' });
    expect(short.body.Message).toBe('Please enter two or more characters to search.');
    expect((await get(`${paths.list}?search=%20%20a%20`, token)).status).toBe(400);
    expect((await get(paths.list, token)).status).toBe(400);
    expect((await get(`${paths.list}?search=ab%00cd`, token)).status).toBe(400);
    expect((await get(`${paths.list}?search=${'x'.repeat(101)}`, token)).status).toBe(400);
    const badZip = await get(`${paths.list}?search=pharmacy&zip=00000`, token);
    expect(badZip.status).toBe(400);
    expect(badZip.body.Message).toBe(unknownZip);
  });

  it('is for shoppers: no credentials 401, an ECP 403', async () => {
    expect((await get(`${paths.list}?search=cvs`)).status).toBe(401);
    const ecp = await createUser(t, { role: 'ecp' });
    const ecpToken = await tokenFor(t, ecp.email, ecp.password);
    expect((await get(`${paths.list}?search=cvs`, ecpToken)).status).toBe(403);
    const patient = await newPatient();
    expect((await get(`${paths.list}?search=cvs`, patient.token)).status).toBe(200);
  });
});

describe('GET /api/order/GetPharmaciesMap', () => {
  it('lists pharmacies near a real zip, nearest first, with coordinates', async () => {
    const patient = await newPatient();
    const res = await get(`${paths.map}?zip=10001`, patient.token);
    expect(res.status).toBe(200);
    const data = res.body.Data;
    expect(data).toMatchObject({
      zip: '10001',
      latitude: 40.7484,
      longitude: -73.9967,
      radiusMiles: 25,
    });
    const found = data.pharmacies as ListItem[];
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found.length).toBeLessThanOrEqual(50);
    const distances = found.map((p) => p.distanceMiles ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const p of found) {
      expect(p.distanceMiles).toBeLessThanOrEqual(25);
      expect(typeof p.latitude).toBe('number');
      expect(typeof p.longitude).toBe('number');
      // The distance agrees with the zipcodes package's own (rounded) figure.
      const theirs = zipcodes.distance('10001', p.zip) ?? -1;
      expect(Math.abs((p.distanceMiles ?? 0) - theirs)).toBeLessThanOrEqual(1);
    }
    const narrow = await get(`${paths.map}?zip=10001&radiusMiles=3`, patient.token);
    const near = narrow.body.Data.pharmacies as ListItem[];
    expect(near.length).toBeLessThanOrEqual(found.length);
    for (const p of near) expect(p.distanceMiles).toBeLessThanOrEqual(3);
  });

  it("uses the order's shipping zip when none is given", async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'RX-LATANOPROST');
    const noZip = await get(paths.map, patient.token);
    expect(noZip.status).toBe(400);
    expect(noZip.body.errors).toEqual({ zip: 'zipCodeError' });
    await post(paths.addAddress, patient.token, {
      fullName: 'Sam Carter',
      line1: '60 W Randolph St',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
    });
    const res = await get(paths.map, patient.token);
    expect(res.status).toBe(200);
    expect(res.body.Data.zip).toBe('60601');
    expect(res.body.Data.pharmacies.length).toBeGreaterThan(0);
  });

  it('refuses an unknown zip, bad zips and bad radii', async () => {
    const token = await guestToken(t);
    const unknown = await get(`${paths.map}?zip=00000`, token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toBe(unknownZip);
    for (const query of [
      'zip=abc',
      'zip=1234',
      'zip=10001&radiusMiles=0',
      'zip=10001&radiusMiles=500',
      'zip=10001&radiusMiles=x',
    ]) {
      expect((await get(`${paths.map}?${query}`, token)).status, query).toBe(400);
    }
  });

  it('has a guest twin that uses the guest order', async () => {
    const guest = await guestWith('RX-LATANOPROST');
    const res = await get(`${paths.guestMap}?zip=90012`, guest.token);
    expect(res.status).toBe(200);
    expect(res.body.Data.pharmacies.length).toBeGreaterThan(0);
    expect((await get(paths.guestMap, guest.token)).status).toBe(400);
    const patient = await newPatient();
    expect((await get(`${paths.guestMap}?zip=90012`, patient.token)).status).toBe(403);
  });
});

describe('choosing a pharmacy, logged in', () => {
  it('AddPatientPharmacyToOrder creates a patient pharmacy, flagged, and completes the stage', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-LATANOPROST');
    const res = await post(paths.addPatient, patient.token, { ...cornerPharmacy, orderId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data.pharmacy).toMatchObject({
      pharmacyName: 'Corner Drug of Salem',
      isPatientCreated: true,
      phone: '5035550188',
      fax: '5035550189',
      npi: '1234567893',
      zip: '97301',
    });
    expect(res.body.Data.items[0].cartItemPharmacy?.id).toBe(res.body.Data.pharmacy.id);
    expect(pharmacyDone(res.body.Data)).toBe(true);
    expect(res.body.Data.acceptInternalPharmacy).toBe(false);
    const [row] = await t.database.db
      .select()
      .from(pharmacies)
      .where(eq(pharmacies.id, res.body.Data.pharmacy.id));
    expect(row).toMatchObject({
      isPatientCreated: true,
      createdByUserId: patient.id,
      isInternal: false,
    });
    expect(row?.latitude).toBe(zipcodes.lookup('97301')?.latitude);
    expect((await orderRow(orderId)).pharmacyId).toBe(row?.id);

    // The creator finds it; another patient does not, and cannot choose it.
    const mine = await get(`${paths.list}?search=Corner Drug`, patient.token);
    expect((mine.body.Data as ListItem[]).map((p) => p.id)).toEqual([row?.id]);
    const other = await newPatient();
    await cartWith(other.token, 'RX-LATANOPROST');
    expect((await get(`${paths.list}?search=Corner Drug`, other.token)).body.Data).toEqual([]);
    expect((await post(paths.select, other.token, { pharmacyId: row?.id })).status).toBe(404);
  });

  it('checks the fields of a new pharmacy, writing nothing', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'RX-LATANOPROST');
    const before = await pharmacyCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ pharmacyName: 'X' }, 'pharmacyName', 'pharmacyNameError'],
      [{ zip: '9730' }, 'zip', 'zipCodeError'],
      [{ state: 'ZZ' }, 'state', 'stateError'],
      [{ npi: '12345' }, 'npi', 'npiError'],
      [{ phone: '12' }, 'phone', 'phoneNumberError'],
      [{ address: '' }, 'address', 'addressLine1Error'],
      [{ website: 'x' }, 'website', 'unknownField'],
    ];
    for (const [change, field, key] of cases) {
      const res = await post(paths.addPatient, patient.token, { ...cornerPharmacy, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(change)).toBe(key);
    }
    expect(await pharmacyCount()).toBe(before);
  });

  it('SelectPharmacy sets a listed pharmacy; unknown is 404', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-FINASTERIDE');
    const listed = await listedPharmacy();
    const res = await post(paths.select, patient.token, { pharmacyId: listed.id });
    expect(res.status).toBe(200);
    expect(res.body.Data.pharmacy).toEqual({
      id: listed.id,
      isPatientCreated: false,
      npi: listed.npi,
      pharmacyName: listed.pharmacyName,
      fax: listed.fax,
      phone: listed.phone,
      address: listed.address,
      city: listed.city,
      zip: listed.zip,
      state: listed.state,
    });
    expect(pharmacyDone(res.body.Data)).toBe(true);
    expect(res.body.Data.pendingStages).not.toContain('Pharmacy');
    const unknown = await post(paths.select, patient.token, { pharmacyId: 99999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.Message).toBe('Pharmacy not found.');
    expect((await post(paths.select, patient.token, { pharmacyId: 'x' })).status).toBe(400);
    expect((await orderRow(orderId)).pharmacyId).toBe(listed.id);
  });

  it('AcceptInternalPharmacy uses the mail-order pharmacy', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-LATANOPROST');
    const res = await post(paths.acceptInternal, patient.token, { orderId });
    expect(res.status).toBe(200);
    expect(res.body.Data.pharmacy.pharmacyName).toBe('Evergreen Health Mail Pharmacy');
    expect(res.body.Data.acceptInternalPharmacy).toBe(true);
    expect(pharmacyDone(res.body.Data)).toBe(true);
    // Without a body: the open order.
    const again = await call(t.url, 'POST', paths.acceptInternal, { token: patient.token });
    expect(again.status).toBe(200);
  });

  it("gives 404 for another patient's order and without a cart", async () => {
    const a = await newPatient();
    const b = await newPatient();
    const orderA = await cartWith(a.token, 'RX-LATANOPROST');
    const listed = await listedPharmacy();
    expect(
      (await post(paths.select, b.token, { orderId: orderA, pharmacyId: listed.id })).status,
    ).toBe(404);
    expect((await post(paths.acceptInternal, b.token, { orderId: orderA })).status).toBe(404);
    const before = await pharmacyCount();
    expect(
      (await post(paths.addPatient, b.token, { ...cornerPharmacy, orderId: orderA })).status,
    ).toBe(404);
    expect(await pharmacyCount()).toBe(before);
    expect((await orderRow(orderA)).pharmacyId).toBeNull();
    const noCart = await post(paths.select, b.token, { pharmacyId: listed.id });
    expect(noCart.status).toBe(404);
    expect(noCart.body.Message).toBe('Your Cart Is Empty');
  });

  it('with PharmacyChoice off, only the internal pharmacy may be chosen', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-LATANOPROST');
    const listed = await listedPharmacy();
    const before = await pharmacyCount();
    await setPharmacyChoice(false);
    try {
      const chosen = await post(paths.select, patient.token, { pharmacyId: listed.id });
      expect(chosen.status).toBe(400);
      expect(chosen.body.Message).toBe(internalOnly);
      const added = await post(paths.addPatient, patient.token, cornerPharmacy);
      expect(added.status).toBe(400);
      expect(added.body.Message).toBe(internalOnly);
      expect(await pharmacyCount()).toBe(before);
      expect((await orderRow(orderId)).pharmacyId).toBeNull();
      const home = await internal();
      const byId = await post(paths.select, patient.token, { pharmacyId: home.id });
      expect(byId.status).toBe(200);
      expect(byId.body.Data.applicationSettings.PharmacyChoice).toBe(false);
      expect((await post(paths.acceptInternal, patient.token, {})).status).toBe(200);
    } finally {
      await setPharmacyChoice(true);
    }
    expect((await post(paths.select, patient.token, { pharmacyId: listed.id })).status).toBe(200);
  });
});

describe('choosing a pharmacy as a guest', () => {
  it('PATCH current/pharmacy takes a listed pharmacy or a new one', async () => {
    const guest = await guestWith('RX-LATANOPROST');
    const listed = await listedPharmacy();
    const chosen = await call(t.url, 'PATCH', paths.guestPharmacy, {
      token: guest.token,
      json: { pharmacyId: listed.id },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.Data.pharmacy.id).toBe(listed.id);
    expect(pharmacyDone(chosen.body.Data)).toBe(true);

    const created = await call(t.url, 'PATCH', paths.guestPharmacy, {
      token: guest.token,
      json: { pharmacy: cornerPharmacy },
    });
    expect(created.status).toBe(200);
    expect(created.body.Data.pharmacy).toMatchObject({
      pharmacyName: 'Corner Drug of Salem',
      isPatientCreated: true,
    });
    const [row] = await t.database.db
      .select()
      .from(pharmacies)
      .where(eq(pharmacies.id, created.body.Data.pharmacy.id));
    expect(row?.createdByUserId).toBeNull();
    expect((await orderRow(guest.orderId)).pharmacyId).toBe(row?.id);
  });

  it('refuses both or neither, and bad fields', async () => {
    const guest = await guestWith('RX-LATANOPROST');
    const listed = await listedPharmacy();
    for (const json of [
      {},
      { pharmacyId: listed.id, pharmacy: cornerPharmacy },
      { pharmacy: { ...cornerPharmacy, zip: 'x' } },
    ]) {
      const res = await call(t.url, 'PATCH', paths.guestPharmacy, { token: guest.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const unknown = await call(t.url, 'PATCH', paths.guestPharmacy, {
      token: guest.token,
      json: { pharmacyId: 99999999 },
    });
    expect(unknown.status).toBe(404);
    expect((await orderRow(guest.orderId)).pharmacyId).toBeNull();
  });

  it('acceptinternal uses the mail-order pharmacy', async () => {
    const guest = await guestWith('RX-LATANOPROST');
    const res = await call(t.url, 'POST', paths.guestAcceptInternal, {
      token: guest.token,
      json: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.Data.pharmacy.pharmacyName).toBe('Evergreen Health Mail Pharmacy');
    expect(res.body.Data.acceptInternalPharmacy).toBe(true);
    const bare = await call(t.url, 'POST', paths.guestAcceptInternal, { token: guest.token });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    const extra = await call(t.url, 'POST', paths.guestAcceptInternal, {
      token: guest.token,
      json: { orderId: guest.orderId },
    });
    expect(extra.status).toBe(400);
  });

  it('with PharmacyChoice off, a guest may not choose another pharmacy', async () => {
    const guest = await guestWith('RX-LATANOPROST');
    const listed = await listedPharmacy();
    await setPharmacyChoice(false);
    try {
      const res = await call(t.url, 'PATCH', paths.guestPharmacy, {
        token: guest.token,
        json: { pharmacyId: listed.id },
      });
      expect(res.status).toBe(400);
      expect(res.body.Message).toBe(internalOnly);
    } finally {
      await setPharmacyChoice(true);
    }
  });

  it('gives 404 to a guest without an open order', async () => {
    const token = await guestToken(t);
    const listed = await listedPharmacy();
    expect(
      (await call(t.url, 'PATCH', paths.guestPharmacy, { token, json: { pharmacyId: listed.id } }))
        .status,
    ).toBe(404);
    expect((await call(t.url, 'POST', paths.guestAcceptInternal, { token, json: {} })).status).toBe(
      404,
    );
  });
});

describe('who may call', () => {
  it('refuses a guest token on the logged-in choices with 401', async () => {
    const guest = await guestWith('RX-LATANOPROST');
    const listed = await listedPharmacy();
    const before = await pharmacyCount();
    const calls: [string, unknown][] = [
      [paths.addPatient, { ...cornerPharmacy, orderId: guest.orderId }],
      [paths.select, { pharmacyId: listed.id, orderId: guest.orderId }],
      [paths.acceptInternal, { orderId: guest.orderId }],
    ];
    for (const [path, json] of calls) {
      expect((await post(path, guest.token, json)).status, path).toBe(401);
    }
    expect(await pharmacyCount()).toBe(before);
    expect((await orderRow(guest.orderId)).pharmacyId).toBeNull();
  });

  it('refuses a patient token on the guest calls with 403', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'RX-LATANOPROST');
    const listed = await listedPharmacy();
    const patch = await call(t.url, 'PATCH', paths.guestPharmacy, {
      token: patient.token,
      json: { pharmacyId: listed.id },
    });
    expect(patch.status).toBe(403);
    expect((await post(paths.guestAcceptInternal, patient.token, {})).status).toBe(403);
  });
});
