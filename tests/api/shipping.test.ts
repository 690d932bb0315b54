import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSlots, doctors, shippingMethods } from '../../server/db/schema/care-network';
import { products } from '../../server/db/schema/catalog';
import { addresses, orderItems, orders } from '../../server/db/schema/orders';
import { invalidateProducts } from '../../server/modules/catalog/product-cache';
import { StageBit } from '../../shared/checkout/stage-bits';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, guestToken, tokenFor } from './helpers/users';

let t: TestApp;
const sku: Record<string, number> = {};
const method: Record<string, { id: number; feeCents: number }> = {};

const paths = {
  add: '/api/order/AddShippingAddress',
  use: '/api/order/UseShippingAddress',
  saved: '/api/order/GetSavedAddresses',
  addressesAndMethods: '/api/order/ShippingAddressesAndMethods',
  productWise: '/api/payment/GetProductWiseShippingMethodsWithState',
  fee: '/api/payment/UpdateShippingFee',
  edit: '/api/payment/EditShippingAddress',
  guestCarrier: '/api/v1/guestorders/current/carrier',
};

const alaskaRefusal =
  'Weight care program cannot be shipped to Alaska. Please choose an address in another state.';
const emptyCart = 'Your Cart Is Empty';

const californiaAddress = {
  fullName: 'Maria Lopez',
  line1: '1200 Market St',
  line2: 'Apt 4',
  city: 'San Francisco',
  state: 'CA',
  zip: '94102',
  phone: '(415) 555-0134',
};
const oregonAddress = {
  fullName: 'Maria Lopez',
  line1: '800 SW Broadway',
  city: 'Portland',
  state: 'OR',
  zip: '97205',
};
const alaskaAddress = {
  fullName: 'Maria Lopez',
  line1: '400 W 4th Ave',
  city: 'Anchorage',
  state: 'AK',
  zip: '99501',
};

beforeAll(async () => {
  t = await startTestApp();
  for (const row of await t.database.db
    .select({ id: products.id, sku: products.sku })
    .from(products)) {
    sku[row.sku] = row.id;
  }
  for (const row of await t.database.db.select().from(shippingMethods)) {
    method[row.name] = { id: row.id, feeCents: row.feeCents };
  }
});
afterAll(async () => {
  await t.close();
});

async function newPatient() {
  const user = await createUser(t);
  return { ...user, token: await tokenFor(t, user.email, user.password) };
}

/** A patient's cart holding the given products, through the cart API. */
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

/** A guest token with an open guest order holding the given products. */
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

async function addressRowsOf(userId: string) {
  return t.database.db.select().from(addresses).where(eq(addresses.userId, userId));
}

const post = (path: string, token: string, json: unknown) =>
  call(t.url, 'POST', path, { token, json });
const get = (path: string, token: string) => call(t.url, 'GET', path, { token });
const shippingDone = (data: { completedCheckoutStages: number }) =>
  (data.completedCheckoutStages & StageBit.Shipping) !== 0;

describe('POST /api/order/AddShippingAddress', () => {
  it('saves the address for the patient and uses it for the open order', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'OTC-EYE-DROPS');
    const res = await post(paths.add, patient.token, californiaAddress);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = await addressRowsOf(patient.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ ...californiaAddress, phone: '4155550134' });
    expect(res.body.Data.orderId).toBe(orderId);
    expect(res.body.Data.addresses.Shipping).toEqual({
      id: saved[0]?.id,
      ...californiaAddress,
      phone: '4155550134',
    });
    const order = await orderRow(orderId);
    expect(order.shippingAddressId).toBe(saved[0]?.id);
    expect(order.shippingAddress?.state).toBe('CA');
    // An address without a method does not complete the Shipping stage.
    expect(shippingDone(res.body.Data)).toBe(false);
    expect(res.body.Data.pendingStages).toContain('Shipping');
  });

  it('accepts an explicit orderId and a ZIP+4, and reuses a copy already saved', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'OTC-EYE-DROPS');
    const body = { ...oregonAddress, zip: '97205-1234', orderId };
    expect((await post(paths.add, patient.token, body)).status).toBe(200);
    expect((await post(paths.add, patient.token, body)).status).toBe(200);
    const saved = await addressRowsOf(patient.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.zip).toBe('97205-1234');
  });

  it('refuses a state where a product cannot ship, naming it, and writes nothing', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-WEIGHT-CARE', 'OTC-EYE-DROPS');
    const before = await orderRow(orderId);
    const res = await post(paths.add, patient.token, alaskaAddress);
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe(alaskaRefusal);
    expect(res.body.Data).toBeNull();
    expect(await addressRowsOf(patient.id)).toHaveLength(0);
    expect(await orderRow(orderId)).toEqual(before);
  });

  it('names every product that cannot ship', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'RX-WEIGHT-CARE', 'RX-TRETINOIN', 'OTC-EYE-DROPS');
    const mississippi = { ...alaskaAddress, state: 'MS', city: 'Jackson', zip: '39201' };
    const one = await post(paths.add, patient.token, mississippi);
    expect(one.status).toBe(400);
    expect(one.body.Message).toBe(
      'Tretinoin cream cannot be shipped to Mississippi. Please choose an address in another state.',
    );
    // Make Tretinoin unshippable to Alaska too, for a while.
    const db = t.database.db;
    const [tretinoin] = await db
      .select()
      .from(products)
      .where(eq(products.id, sku['RX-TRETINOIN'] ?? 0));
    const original = tretinoin?.shippableStates ?? [];
    await db
      .update(products)
      .set({ shippableStates: original.filter((s) => s !== 'AK') })
      .where(eq(products.id, sku['RX-TRETINOIN'] ?? 0));
    invalidateProducts(132);
    try {
      const two = await post(paths.add, patient.token, alaskaAddress);
      expect(two.status).toBe(400);
      expect(two.body.Message).toBe(
        'Weight care program and Tretinoin cream cannot be shipped to Alaska. Please choose an address in another state.',
      );
    } finally {
      await db
        .update(products)
        .set({ shippableStates: original })
        .where(eq(products.id, sku['RX-TRETINOIN'] ?? 0));
      invalidateProducts(132);
    }
    expect(await addressRowsOf(patient.id)).toHaveLength(0);
  });

  it('checks each field with its error key', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'OTC-EYE-DROPS');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ zip: '123' }, 'zip', 'zipCodeError'],
      [{ zip: '12345-12' }, 'zip', 'zipCodeError'],
      [{ state: 'California' }, 'state', 'stateError'],
      [{ state: 'ZZ' }, 'state', 'stateError'],
      [{ phone: '555-01' }, 'phone', 'phoneNumberError'],
      [{ fullName: 'Maria' }, 'fullName', 'fullNameError'],
      [{ line1: '   ' }, 'line1', 'addressLine1Error'],
      [{ city: 'X' }, 'city', 'cityError'],
      [{ city: 'Bad\u0000City' }, 'city', 'cityError'],
      [{ isDefault: true }, 'isDefault', 'unknownField'],
      [{ orderId: 'not-a-uuid' }, 'orderId', 'invalid'],
    ];
    for (const [change, field, key] of cases) {
      const res = await post(paths.add, patient.token, { ...californiaAddress, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(change)).toBe(key);
    }
    expect(await addressRowsOf(patient.id)).toHaveLength(0);
  });

  it('says the cart is empty when there is no open order', async () => {
    const patient = await newPatient();
    const res = await post(paths.add, patient.token, californiaAddress);
    expect(res.status).toBe(404);
    expect(res.body.Message).toBe(emptyCart);
    expect(await addressRowsOf(patient.id)).toHaveLength(0);
  });

  it("gives 404 for another patient's order and writes nothing", async () => {
    const a = await newPatient();
    const b = await newPatient();
    const orderId = await cartWith(a.token, 'OTC-EYE-DROPS');
    const res = await post(paths.add, b.token, { ...californiaAddress, orderId });
    expect(res.status).toBe(404);
    expect(await addressRowsOf(b.id)).toHaveLength(0);
    expect(await addressRowsOf(a.id)).toHaveLength(0);
    expect((await orderRow(orderId)).shippingAddress).toBeNull();
  });

  it("lets an agent add the address to a patient's order, saved for the patient", async () => {
    const patient = await newPatient();
    const agent = await createUser(t, { role: 'agent' });
    const agentToken = await tokenFor(t, agent.email, agent.password);
    const orderId = await cartWith(patient.token, 'OTC-EYE-DROPS');
    const res = await post(paths.add, agentToken, { ...oregonAddress, orderId });
    expect(res.status).toBe(200);
    expect(await addressRowsOf(patient.id)).toHaveLength(1);
    expect(await addressRowsOf(agent.id)).toHaveLength(0);
  });

  it('refuses a paid order with 409', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'OTC-EYE-DROPS');
    await t.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, orderId));
    const res = await post(paths.add, patient.token, { ...oregonAddress, orderId });
    expect(res.status).toBe(409);
    expect(await addressRowsOf(patient.id)).toHaveLength(0);
  });
});

describe('sales tax by shipping state', () => {
  it('applies the California rate and none for Oregon', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'OTC-EYE-DROPS');
    const ca = await post(paths.add, patient.token, californiaAddress);
    expect(ca.body.Data.isSalesTaxApplied).toBe(true);
    // 7.25 % of 14.99, rounded half up to the cent.
    expect(ca.body.Data.salesTaxAmount).toBe(1.09);
    expect(ca.body.Data.total).toBe(16.08);
    const or = await post(paths.add, patient.token, oregonAddress);
    expect(or.body.Data.isSalesTaxApplied).toBe(false);
    expect(or.body.Data.salesTaxAmount).toBe(0);
    expect(or.body.Data.total).toBe(14.99);
  });
});

describe('POST /api/order/UseShippingAddress and GET /api/order/GetSavedAddresses', () => {
  it('lists the saved addresses most recently used first', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'OTC-EYE-DROPS');
    const first = await post(paths.add, patient.token, californiaAddress);
    const second = await post(paths.add, patient.token, oregonAddress);
    const firstId = first.body.Data.addresses.Shipping.id;
    const secondId = second.body.Data.addresses.Shipping.id;

    let list = await get(paths.saved, patient.token);
    expect(list.status).toBe(200);
    expect(list.body.Data.map((a: { id: string }) => a.id)).toEqual([secondId, firstId]);

    const used = await post(paths.use, patient.token, { addressId: firstId });
    expect(used.status).toBe(200);
    expect(used.body.Data.addresses.Shipping).toMatchObject({ id: firstId, state: 'CA' });
    list = await get(paths.saved, patient.token);
    expect(list.body.Data.map((a: { id: string }) => a.id)).toEqual([firstId, secondId]);
    expect(list.body.Data[0]).toMatchObject({ ...californiaAddress, phone: '4155550134' });
  });

  it('leaves removed addresses out', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'OTC-EYE-DROPS');
    const added = await post(paths.add, patient.token, californiaAddress);
    const id = added.body.Data.addresses.Shipping.id;
    await t.database.db
      .update(addresses)
      .set({ removedAt: new Date() })
      .where(eq(addresses.id, id));
    expect((await get(paths.saved, patient.token)).body.Data).toEqual([]);
    expect((await post(paths.use, patient.token, { addressId: id })).status).toBe(404);
  });

  it("gives 404 for another patient's address or order", async () => {
    const a = await newPatient();
    const b = await newPatient();
    const orderA = await cartWith(a.token, 'OTC-EYE-DROPS');
    await cartWith(b.token, 'OTC-EYE-DROPS');
    const added = await post(paths.add, a.token, californiaAddress);
    const addressA = added.body.Data.addresses.Shipping.id;

    const useForeign = await post(paths.use, b.token, { addressId: addressA });
    expect(useForeign.status).toBe(404);
    expect(useForeign.body.Message).toBe('Address not found.');
    const foreignOrder = await post(paths.use, b.token, { addressId: addressA, orderId: orderA });
    expect(foreignOrder.status).toBe(404);
    const savedOfA = await get(`${paths.saved}?orderId=${orderA}`, b.token);
    expect(savedOfA.status).toBe(404);
    const edit = await post(paths.edit, b.token, { addressId: addressA, city: 'Oakland' });
    expect(edit.status).toBe(404);
    expect((await get(paths.saved, b.token)).body.Data).toEqual([]);
    const [row] = await t.database.db.select().from(addresses).where(eq(addresses.id, addressA));
    expect(row?.city).toBe('San Francisco');
  });

  it('refuses a saved address in a state the cart cannot ship to', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'OTC-EYE-DROPS');
    const added = await post(paths.add, patient.token, alaskaAddress);
    expect(added.status).toBe(200);
    const alaskaId = added.body.Data.addresses.Shipping.id;
    await post(paths.add, patient.token, oregonAddress);
    await cartWith(patient.token, 'RX-WEIGHT-CARE');
    const res = await post(paths.use, patient.token, { addressId: alaskaId });
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe(alaskaRefusal);
    const list = await get(paths.saved, patient.token);
    expect(list.body.Data[0].state).toBe('OR');
  });

  it('checks its input', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'OTC-EYE-DROPS');
    expect((await post(paths.use, patient.token, { addressId: 'x' })).status).toBe(400);
    expect((await post(paths.use, patient.token, {})).status).toBe(400);
    const unknown = await post(paths.use, patient.token, {
      addressId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect((await get(`${paths.saved}?orderId=nope`, patient.token)).status).toBe(400);
  });
});

describe('shipping methods and fees', () => {
  it('lists the addresses, the methods with their fees, and what the order chose', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'OTC-EYE-DROPS');
    const added = await post(paths.add, patient.token, californiaAddress);
    const priority = method['USPS Priority Mail'];
    await post(paths.fee, patient.token, { shippingMethodId: priority?.id });
    const res = await get(`${paths.addressesAndMethods}?orderId=${orderId}`, patient.token);
    expect(res.status).toBe(200);
    expect(res.body.Data.addresses.map((a: { id: string }) => a.id)).toEqual([
      added.body.Data.addresses.Shipping.id,
    ]);
    expect(res.body.Data.methods).toEqual([
      {
        id: expect.any(Number),
        carrier: 'USPS',
        name: 'USPS First-Class Package',
        fee: 5,
        feeCents: 500,
        minDays: 3,
        maxDays: 5,
      },
      {
        id: expect.any(Number),
        carrier: 'USPS',
        name: 'USPS Priority Mail',
        fee: 9,
        feeCents: 900,
        minDays: 2,
        maxDays: 3,
      },
      {
        id: expect.any(Number),
        carrier: 'UPS',
        name: 'UPS 2nd Day Air',
        fee: 18,
        feeCents: 1800,
        minDays: 2,
        maxDays: 2,
      },
      {
        id: expect.any(Number),
        carrier: 'FedEx',
        name: 'FedEx Standard Overnight',
        fee: 32,
        feeCents: 3200,
        minDays: 1,
        maxDays: 1,
      },
    ]);
    expect(res.body.Data.selected).toEqual({
      addressId: added.body.Data.addresses.Shipping.id,
      methodId: priority?.id,
    });
    // Without an orderId: the open order.
    const open = await get(paths.addressesAndMethods, patient.token);
    expect(open.body.Data.selected.methodId).toBe(priority?.id);
  });

  it('answers an empty selection for a patient without a cart', async () => {
    const patient = await newPatient();
    const res = await get(paths.addressesAndMethods, patient.token);
    expect(res.status).toBe(200);
    expect(res.body.Data.addresses).toEqual([]);
    expect(res.body.Data.methods).toHaveLength(4);
    expect(res.body.Data.selected).toEqual({ addressId: null, methodId: null });
  });

  it('adds the method fee to the total and completes Shipping only with both', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'OTC-EYE-DROPS');
    const overnight = method['FedEx Standard Overnight'];
    const firstClass = method['USPS First-Class Package'];

    const withMethod = await post(paths.fee, patient.token, {
      orderId,
      shippingMethodId: overnight?.id,
    });
    expect(withMethod.status).toBe(200);
    expect(withMethod.body.Data.shippingCost).toBe(32);
    expect(withMethod.body.Data.totals.totalCents).toBe(1499 + 3200);
    expect(withMethod.body.Data.carrier).toEqual({
      id: overnight?.id,
      shipping: 32,
      name: 'FedEx Standard Overnight',
      carrier: 'FedEx',
    });
    expect(shippingDone(withMethod.body.Data)).toBe(false);

    const withAddress = await post(paths.add, patient.token, oregonAddress);
    expect(shippingDone(withAddress.body.Data)).toBe(true);
    expect(withAddress.body.Data.pendingStages).not.toContain('Shipping');

    const cheaper = await post(paths.fee, patient.token, { shippingMethodId: firstClass?.id });
    expect(cheaper.body.Data.totals.totalCents - withMethod.body.Data.totals.totalCents).toBe(
      (firstClass?.feeCents ?? 0) - (overnight?.feeCents ?? 0),
    );
    expect((await orderRow(orderId)).totalCents).toBe(1499 + 500);
  });

  it('marks Shipping when the method comes after the address', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'RX-FINASTERIDE');
    const withAddress = await post(paths.add, patient.token, oregonAddress);
    expect(shippingDone(withAddress.body.Data)).toBe(false);
    const both = await post(paths.fee, patient.token, {
      shippingMethodId: method['UPS 2nd Day Air']?.id,
    });
    expect(shippingDone(both.body.Data)).toBe(true);
  });

  it('refuses an unknown or retired method with 404 and bad ids with 400', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'OTC-EYE-DROPS');
    const unknown = await post(paths.fee, patient.token, { shippingMethodId: 999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.Message).toBe('That shipping method is not available.');
    const [retired] = await t.database.db
      .insert(shippingMethods)
      .values({
        carrier: 'DHL',
        name: 'DHL Retired',
        feeCents: 100,
        minDays: 9,
        maxDays: 9,
        active: false,
      })
      .returning();
    expect((await post(paths.fee, patient.token, { shippingMethodId: retired?.id })).status).toBe(
      404,
    );
    for (const bad of [
      { shippingMethodId: 'x' },
      { shippingMethodId: -1 },
      { shippingMethodId: 1.5 },
      {},
    ]) {
      expect((await post(paths.fee, patient.token, bad)).status).toBe(400);
    }
    expect((await orderRow(orderId)).shippingMethodId).toBeNull();
  });

  it("gives 404 for another patient's order", async () => {
    const a = await newPatient();
    const b = await newPatient();
    const orderA = await cartWith(a.token, 'OTC-EYE-DROPS');
    const res = await post(paths.fee, b.token, {
      orderId: orderA,
      shippingMethodId: method['UPS 2nd Day Air']?.id,
    });
    expect(res.status).toBe(404);
    expect((await orderRow(orderA)).shippingMethodId).toBeNull();
    expect((await get(`${paths.addressesAndMethods}?orderId=${orderA}`, b.token)).status).toBe(404);
  });
});

describe('GET /api/payment/GetProductWiseShippingMethodsWithState', () => {
  it('says per item whether it can ship to the state, with the methods it can use', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-WEIGHT-CARE', 'OTC-EYE-DROPS');
    const res = await get(`${paths.productWise}?state=ak&orderId=${orderId}`, patient.token);
    expect(res.status).toBe(200);
    expect(res.body.Data.state).toBe('AK');
    expect(res.body.Data.stateName).toBe('Alaska');
    expect(res.body.Data.message).toBe(alaskaRefusal);
    const byProduct = new Map(
      res.body.Data.items.map((i: { productId: number }) => [i.productId, i]),
    );
    expect(byProduct.get(sku['RX-WEIGHT-CARE'])).toMatchObject({ canShip: false, methods: [] });
    const drops = byProduct.get(sku['OTC-EYE-DROPS']) as { canShip: boolean; methods: unknown[] };
    expect(drops.canShip).toBe(true);
    expect(drops.methods).toHaveLength(4);

    const oregon = await get(`${paths.productWise}?state=OR`, patient.token);
    expect(oregon.body.Data.message).toBeNull();
    expect(oregon.body.Data.items.every((i: { canShip: boolean }) => i.canShip)).toBe(true);
  });

  it('refuses an unknown state and a missing cart', async () => {
    const patient = await newPatient();
    const unknownState = await get(`${paths.productWise}?state=ZZ`, patient.token);
    expect(unknownState.status).toBe(400);
    expect(unknownState.body.errors).toEqual({ state: 'stateError' });
    expect((await get(paths.productWise, patient.token)).status).toBe(400);
    const noCart = await get(`${paths.productWise}?state=CA`, patient.token);
    expect(noCart.status).toBe(404);
    expect(noCart.body.Message).toBe(emptyCart);
  });
});

describe('POST /api/payment/EditShippingAddress', () => {
  it("edits the patient's address and refreshes the order that uses it", async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'OTC-EYE-DROPS');
    const added = await post(paths.add, patient.token, oregonAddress);
    const addressId = added.body.Data.addresses.Shipping.id;
    const res = await post(paths.edit, patient.token, {
      addressId,
      line1: '1200 Market St',
      line2: null,
      city: 'San Francisco',
      state: 'CA',
      zip: '94102',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data.address).toMatchObject({
      id: addressId,
      city: 'San Francisco',
      state: 'CA',
      line2: null,
    });
    expect(res.body.Data.order.addresses.Shipping).toMatchObject({
      id: addressId,
      state: 'CA',
      zip: '94102',
    });
    expect(res.body.Data.order.isSalesTaxApplied).toBe(true);
    expect((await orderRow(orderId)).shippingAddress?.city).toBe('San Francisco');
  });

  it('answers no order for an address no open order uses', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'OTC-EYE-DROPS');
    const first = await post(paths.add, patient.token, oregonAddress);
    await post(paths.add, patient.token, californiaAddress);
    const res = await post(paths.edit, patient.token, {
      addressId: first.body.Data.addresses.Shipping.id,
      phone: '503 555 0100',
    });
    expect(res.status).toBe(200);
    expect(res.body.Data.address.phone).toBe('5035550100');
    expect(res.body.Data.order).toBeNull();
  });

  it("refuses moving the order's address to a state it cannot ship to, changing nothing", async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-WEIGHT-CARE');
    const added = await post(paths.add, patient.token, oregonAddress);
    const addressId = added.body.Data.addresses.Shipping.id;
    const res = await post(paths.edit, patient.token, { addressId, ...alaskaAddress });
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe(alaskaRefusal);
    const [row] = await t.database.db.select().from(addresses).where(eq(addresses.id, addressId));
    expect(row?.state).toBe('OR');
    expect((await orderRow(orderId)).shippingAddress?.state).toBe('OR');
  });

  it('checks its input', async () => {
    const patient = await newPatient();
    const unknown = await post(paths.edit, patient.token, {
      addressId: '00000000-0000-4000-8000-000000000000',
      city: 'Salem',
    });
    expect(unknown.status).toBe(404);
    const bad = await post(paths.edit, patient.token, { addressId: 'nope', zip: '1' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ zip: 'zipCodeError' });
    await cartWith(patient.token, 'OTC-EYE-DROPS');
    const added = await post(paths.add, patient.token, oregonAddress);
    const unknownState = await post(paths.edit, patient.token, {
      addressId: added.body.Data.addresses.Shipping.id,
      state: 'ZZ',
    });
    expect(unknownState.status).toBe(400);
    expect(unknownState.body.errors).toEqual({ state: 'stateError' });
  });
});

describe('a new shipping state and the chosen doctor', () => {
  async function doctorWithHeldSlot(orderId: string, licensedStates: string[]) {
    const db = t.database.db;
    const [doctor] = await db
      .insert(doctors)
      .values({
        firstName: 'Ana',
        lastName: 'Reyes',
        credentials: 'MD',
        specialty: 'Family medicine',
        bio: 'Test doctor.',
        timeZone: 'America/Los_Angeles',
        licensedStates,
      })
      .returning();
    if (!doctor) throw new Error('no doctor');
    const startsAt = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const [slot] = await db
      .insert(doctorSlots)
      .values({
        doctorId: doctor.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 15 * 60 * 1000),
        heldByOrderId: orderId,
        heldUntil: new Date(Date.now() + 3600 * 1000),
      })
      .returning();
    if (!slot) throw new Error('no slot');
    await db
      .update(orders)
      .set({ doctorId: doctor.id, slotId: slot.id })
      .where(eq(orders.id, orderId));
    await db
      .update(orderItems)
      .set({ completedCheckoutStages: StageBit.Consult | StageBit.Scheduling })
      .where(eq(orderItems.orderId, orderId));
    return { doctor, slot };
  }

  it('drops a doctor not licensed in the new state, releasing the held slot', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-LATANOPROST');
    await post(paths.add, patient.token, californiaAddress);
    const { slot } = await doctorWithHeldSlot(orderId, ['CA']);
    const res = await post(paths.add, patient.token, oregonAddress);
    expect(res.status).toBe(200);
    expect(res.body.Data.doctor).toBeNull();
    expect(res.body.Data.items[0].schedule).toBeNull();
    expect(res.body.Data.completedCheckoutStages & StageBit.Scheduling).toBe(0);
    expect(res.body.Data.completedCheckoutStages & StageBit.Consult).toBe(StageBit.Consult);
    const order = await orderRow(orderId);
    expect(order.doctorId).toBeNull();
    expect(order.slotId).toBeNull();
    const [released] = await t.database.db
      .select()
      .from(doctorSlots)
      .where(eq(doctorSlots.id, slot.id));
    expect(released).toMatchObject({ heldByOrderId: null, heldUntil: null });
  });

  it('keeps a doctor licensed in the new state', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-LATANOPROST');
    await post(paths.add, patient.token, californiaAddress);
    const { doctor, slot } = await doctorWithHeldSlot(orderId, ['CA', 'OR']);
    const res = await post(paths.add, patient.token, oregonAddress);
    expect(res.status).toBe(200);
    expect(res.body.Data.doctor?.doctorId).toBe(doctor.id);
    expect(res.body.Data.completedCheckoutStages & StageBit.Scheduling).toBe(StageBit.Scheduling);
    const [kept] = await t.database.db
      .select()
      .from(doctorSlots)
      .where(and(eq(doctorSlots.id, slot.id), eq(doctorSlots.heldByOrderId, orderId)));
    expect(kept).toBeDefined();
  });
});

describe('PATCH /api/v1/guestorders/current/carrier', () => {
  it("keeps the guest's address on the order only and sets the method", async () => {
    const guest = await guestWith('OTC-EYE-DROPS');
    const before = await t.database.db.select().from(addresses);
    const res = await call(t.url, 'PATCH', paths.guestCarrier, {
      token: guest.token,
      json: { shippingMethodId: method['USPS Priority Mail']?.id, address: californiaAddress },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data.orderId).toBe(guest.orderId);
    expect(res.body.Data.addresses.Shipping).toEqual({
      id: null,
      ...californiaAddress,
      phone: '4155550134',
    });
    expect(res.body.Data.carrier).toMatchObject({
      id: method['USPS Priority Mail']?.id,
      shipping: 9,
    });
    expect(res.body.Data.isSalesTaxApplied).toBe(true);
    expect(res.body.Data.totals.totalCents).toBe(1499 + 109 + 900);
    expect(shippingDone(res.body.Data)).toBe(true);
    expect(await t.database.db.select().from(addresses)).toHaveLength(before.length);

    // The method alone can change later; the address stays.
    const cheaper = await call(t.url, 'PATCH', paths.guestCarrier, {
      token: guest.token,
      json: { shippingMethodId: method['USPS First-Class Package']?.id },
    });
    expect(cheaper.status).toBe(200);
    expect(cheaper.body.Data.addresses.Shipping.state).toBe('CA');
    expect(cheaper.body.Data.shippingCost).toBe(5);
  });

  it('refuses an unshippable state, an unknown method and bad input, writing nothing', async () => {
    const guest = await guestWith('RX-WEIGHT-CARE');
    const refused = await call(t.url, 'PATCH', paths.guestCarrier, {
      token: guest.token,
      json: { shippingMethodId: method['USPS Priority Mail']?.id, address: alaskaAddress },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(alaskaRefusal);
    const unknown = await call(t.url, 'PATCH', paths.guestCarrier, {
      token: guest.token,
      json: { shippingMethodId: 424242, address: oregonAddress },
    });
    expect(unknown.status).toBe(404);
    const bad = await call(t.url, 'PATCH', paths.guestCarrier, {
      token: guest.token,
      json: { shippingMethodId: 1, address: { ...oregonAddress, zip: 'abcde' } },
    });
    expect(bad.status).toBe(400);
    const order = await orderRow(guest.orderId);
    expect(order.shippingAddress).toBeNull();
    expect(order.shippingMethodId).toBeNull();
  });

  it('gives 404 to a guest without an open order', async () => {
    const token = await guestToken(t);
    const res = await call(t.url, 'PATCH', paths.guestCarrier, {
      token,
      json: { shippingMethodId: method['USPS Priority Mail']?.id },
    });
    expect(res.status).toBe(404);
  });
});

describe('who may call', () => {
  it('refuses a guest token on the logged-in calls with 401', async () => {
    const guest = await guestWith('OTC-EYE-DROPS');
    const calls: [string, string, unknown][] = [
      ['POST', paths.add, { ...californiaAddress, orderId: guest.orderId }],
      ['POST', paths.use, { addressId: '00000000-0000-4000-8000-000000000000' }],
      ['GET', paths.saved, undefined],
      ['GET', paths.addressesAndMethods, undefined],
      ['POST', paths.fee, { shippingMethodId: 1 }],
      ['POST', paths.edit, { addressId: '00000000-0000-4000-8000-000000000000', city: 'Salem' }],
    ];
    for (const [verb, path, json] of calls) {
      const res = await call(t.url, verb, path, { token: guest.token, json });
      expect(res.status, `${verb} ${path}`).toBe(401);
    }
    expect((await orderRow(guest.orderId)).shippingAddress).toBeNull();
  });

  it('lets a guest read the shipping methods for their own order', async () => {
    const guest = await guestWith('OTC-EYE-DROPS');
    const res = await call(t.url, 'GET', `${paths.productWise}?state=CA&orderId=${guest.orderId}`, {
      token: guest.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.Data.items[0].methods.length).toBeGreaterThan(0);
  });

  it('refuses a patient token on the guest call with 403', async () => {
    const patient = await newPatient();
    await cartWith(patient.token, 'OTC-EYE-DROPS');
    const res = await call(t.url, 'PATCH', paths.guestCarrier, {
      token: patient.token,
      json: { shippingMethodId: 1, address: californiaAddress },
    });
    expect(res.status).toBe(403);
  });

  it('refuses an ECP with 403 and no credentials with 401', async () => {
    const ecp = await createUser(t, { role: 'ecp' });
    const ecpToken = await tokenFor(t, ecp.email, ecp.password);
    expect((await get(paths.saved, ecpToken)).status).toBe(403);
    expect((await call(t.url, 'GET', paths.saved)).status).toBe(401);
  });
});
