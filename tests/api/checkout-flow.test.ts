import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSlots } from '../../server/db/schema/care-network';
import { visits } from '../../server/db/schema/visits';
import { productBySku } from './helpers/catalog';
import { answerQuestionnaires, californiaAddress } from './helpers/checkout';
import { call } from './helpers/http';
import { withEmailCode } from './helpers/registration-code';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, guestToken, tokenFor } from './helpers/users';

/**
 * Whole checkouts through the API alone, as the issue asks: a guest and a patient, for an OTC
 * product and for a consult product of each visit type, from an empty cart to a paid order,
 * following the route the server names after each step.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const card = {
  cardNumber: '4242424242424242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  holderName: 'Jane Doe',
};
const payNow = (token: string, orderId: string) =>
  call(t.url, 'POST', '/api/payment/PayNow', {
    token,
    headers: { 'idempotency-key': `flow-${randomUUID()}` },
    json: { orderId, card },
  });
const nextRoute = async (token: string, orderId: string) =>
  (await call(t.url, 'GET', `/api/order/GetCheckOutProgress?orderId=${orderId}`, { token })).body
    .Data.nextRoute as string;

async function firstMethodFor(token: string, orderId: string) {
  const res = await call(
    t.url,
    'GET',
    `/api/payment/GetProductWiseShippingMethodsWithState?state=CA&orderId=${orderId}`,
    {
      token,
    },
  );
  expect(res.status).toBe(200);
  return res.body.Data.items[0].methods[0].id as number;
}

async function freeSlot(token: string, doctorId: number) {
  const res = await call(
    t.url,
    'GET',
    `/api/order/GetDoctorSlots?doctorId=${doctorId}&days=14&timeZone=America/Los_Angeles`,
    {
      token,
    },
  );
  expect(res.status).toBe(200);
  return res.body.Data[0].id as number;
}

/** Registers as the web app does: with the guest token that made the guest order. */
async function registerGuest(orderId: string, guest: string) {
  const email = `buyer-${randomUUID()}@example.test`;
  const json = await withEmailCode(
    t.url,
    {
      Email: email,
      Password: 'Sunrise#2026',
      CompanyId: 132,
      FirstName: 'Jane',
      LastName: 'Doe',
      guestOrderId: orderId,
    },
    { token: guest },
  );
  const res = await call(t.url, 'POST', '/api/user/Register', { token: guest, json });
  expect(res.status).toBe(200);
  return res.body.Data.access_token as string;
}

describe('a guest', () => {
  it('buys an OTC product: shipping, register, pay', async () => {
    const guest = await guestToken(t);
    const product = await productBySku(t, 'OTC-EYE-DROPS');
    const created = await call(t.url, 'POST', '/api/v1/guestorders', {
      token: guest,
      json: { storefrontId: 132, items: [{ productId: product.id, qty: 2 }] },
    });
    const orderId = created.body.Data.id as string;
    expect(await nextRoute(guest, orderId)).toBe('/checkout/pre-shipping');

    const shipped = await call(t.url, 'PATCH', '/api/v1/guestorders/current/carrier', {
      token: guest,
      json: { shippingMethodId: await firstMethodFor(guest, orderId), address: californiaAddress },
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.Data.isSalesTaxApplied).toBe(true);
    expect(await nextRoute(guest, orderId)).toBe('/register');

    const token = await registerGuest(orderId, guest);
    expect(await nextRoute(token, orderId)).toBe('/checkout/pre-payment');
    const paid = await payNow(token, orderId);
    expect(paid.status).toBe(200);
    expect(paid.body.Data.orderNumber).toMatch(/^SF-\d+$/);
    expect(paid.body.Data.status).toBe('approved');
    expect(paid.body.Data.amountCents).toBe(shipped.body.Data.totals.totalCents);
  });

  it('buys a consult product with visit type 1: questionnaire, shipping, pharmacy, slot, register, pay', async () => {
    const guest = await guestToken(t);
    const product = await productBySku(t, 'RX-LATANOPROST');
    const created = await call(t.url, 'POST', '/api/v1/guestorders', {
      token: guest,
      json: { storefrontId: 132, items: [{ productId: product.id, qty: 1 }] },
    });
    const orderId = created.body.Data.id as string;
    expect(await nextRoute(guest, orderId)).toBe('/checkout/pre-questionnaire');

    const answered = await answerQuestionnaires(t, guest, orderId);
    expect(answered).toMatchObject({ disqualified: false, redirectTo: '/checkout/pre-shipping' });

    await call(t.url, 'PATCH', '/api/v1/guestorders/current/carrier', {
      token: guest,
      json: { shippingMethodId: await firstMethodFor(guest, orderId), address: californiaAddress },
    });
    expect(await nextRoute(guest, orderId)).toBe('/checkout/pre-shipping');

    const pharmacy = await call(
      t.url,
      'POST',
      '/api/v1/guestorders/current/pharmacy/acceptinternal',
      {
        token: guest,
        json: {},
      },
    );
    expect(pharmacy.body.Data.acceptInternalPharmacy).toBe(true);
    expect(await nextRoute(guest, orderId)).toBe('/checkout/pre-scheduling');

    const doctors = await call(t.url, 'GET', '/api/v1/guestorders/current/getdoctors', {
      token: guest,
    });
    const doctorId = doctors.body.Data[0].doctorId as number;
    const slotId = await freeSlot(guest, doctorId);
    const scheduled = await call(t.url, 'PATCH', '/api/v1/guestorders/current/doctor', {
      token: guest,
      json: { doctorId, slotId },
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.Data.pendingStages).toEqual(['Register', 'Payment']);
    expect(await nextRoute(guest, orderId)).toBe('/register');

    const token = await registerGuest(orderId, guest);
    const paid = await payNow(token, orderId);
    expect(paid.status).toBe(200);
    expect(paid.body.Data.status).toBe('in-review');
    const [slot] = await t.database.db.select().from(doctorSlots).where(eq(doctorSlots.id, slotId));
    expect(slot?.bookedByOrderId).toBe(orderId);
    const [visit] = await t.database.db.select().from(visits).where(eq(visits.orderId, orderId));
    expect(visit?.status).toBe('scheduled');
  });
});

describe('a patient', () => {
  async function checkout(sku: string, withSlot: boolean) {
    const user = await createUser(t);
    const token = await tokenFor(t, user.email, user.password);
    const product = await productBySku(t, sku);
    const added = await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
      token,
      json: { productId: product.id },
    });
    const orderId = added.body.Data.id as string;
    if (product.isConsultRequired) await answerQuestionnaires(t, token, orderId);
    const addressed = await call(t.url, 'POST', '/api/order/AddShippingAddress', {
      token,
      json: { orderId, ...californiaAddress },
    });
    expect(addressed.status).toBe(200);
    await call(t.url, 'POST', '/api/payment/UpdateShippingFee', {
      token,
      json: { orderId, shippingMethodId: await firstMethodFor(token, orderId) },
    });
    if (product.isConsultRequired) {
      expect(await nextRoute(token, orderId)).toBe('/checkout/pre-shipping');
      const pharmacies = await call(t.url, 'GET', '/api/order/GetPharmacyList?search=94041', {
        token,
      });
      const pharmacyId = pharmacies.body.Data[0]?.id as number | undefined;
      const chosen = pharmacyId
        ? await call(t.url, 'POST', '/api/order/SelectPharmacy', {
            token,
            json: { orderId, pharmacyId },
          })
        : await call(t.url, 'POST', '/api/order/AcceptInternalPharmacy', {
            token,
            json: { orderId },
          });
      expect(chosen.status).toBe(200);
      const expected = withSlot ? '/checkout/pre-scheduling' : '/checkout/pre-doctor-confirmation';
      expect(await nextRoute(token, orderId)).toBe(expected);
      const doctors = await call(
        t.url,
        'GET',
        `/api/order/GetDoctorsByOrderId?orderId=${orderId}`,
        { token },
      );
      const doctorId = doctors.body.Data[0].doctorId as number;
      const slotId = withSlot ? await freeSlot(token, doctorId) : undefined;
      const selected = await call(t.url, 'POST', '/api/order/SelectDoctor', {
        token,
        json: { orderId, doctorId, slotId },
      });
      expect(selected.status).toBe(200);
    }
    expect(await nextRoute(token, orderId)).toBe('/checkout/pre-payment');
    const paid = await payNow(token, orderId);
    expect(paid.status).toBe(200);
    const details = await call(t.url, 'GET', `/api/order/GetOrderDetails?orderId=${orderId}`, {
      token,
    });
    expect(details.body.Data.orderNumber).toBe(paid.body.Data.orderNumber);
    return paid.body.Data;
  }

  it('buys an OTC product', async () => {
    expect((await checkout('OTC-VITAMIN-D3', false)).status).toBe('approved');
  });
  it('buys a consult product with visit type 2 (a scheduled phone visit)', async () => {
    expect((await checkout('RX-VALACYCLOVIR', true)).status).toBe('in-review');
  });
  it('buys a consult product with visit type 3 (the doctor confirms, no slot)', async () => {
    expect((await checkout('RX-FINASTERIDE', false)).status).toBe('in-review');
  });
});
