import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefronts } from '../../server/db/schema/platform';
import { invalidateStorefrontCache } from '../../server/modules/config/storefront-cache';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, guestToken, tokenFor } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const progress = (token: string, orderId?: string) =>
  call(t.url, 'GET', `/api/order/GetCheckOutProgress${orderId ? `?orderId=${orderId}` : ''}`, {
    token,
  });

async function setDisplayPages(on: boolean) {
  const pages = [
    'ShowPreQuestionnairePage',
    'ShowPreShippingPage',
    'ShowPreDoctorConfirmationPage',
    'ShowPreSchedulingPage',
    'ShowGreetingPage',
    'ShowPrePaymentPage',
  ];
  const [row] = await t.database.db.select().from(storefronts);
  const settings = { ...(row?.applicationSettings ?? {}) };
  for (const page of pages) settings[page] = on;
  await t.database.db.update(storefronts).set({ applicationSettings: settings });
  invalidateStorefrontCache(132);
}

describe('GetCheckOutProgress', () => {
  it('routes a guest with a consult product to the questionnaire, Register still pending', async () => {
    await setDisplayPages(true);
    const token = await guestToken(t);
    const product = await productBySku(t, 'RX-FINASTERIDE');
    await call(t.url, 'POST', '/api/v1/guestorders', {
      token,
      json: { storefrontId: 132, items: [{ productId: product.id, qty: 1 }] },
    });
    const res = await progress(token);
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      nextRoute: '/checkout/pre-questionnaire',
      visitType: 3,
      pendingStages: ['Consult', 'Shipping', 'Pharmacy', 'Scheduling', 'Register', 'Payment'],
    });
  });

  it('skips display pages that are off', async () => {
    await setDisplayPages(false);
    const user = await createUser(t);
    const token = await tokenFor(t, user.email, user.password);
    const product = await productBySku(t, 'OTC-EYE-DROPS');
    const added = await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
      token,
      json: { productId: product.id },
    });
    const res = await progress(token, added.body.Data.id);
    expect(res.body.Data.nextRoute).toBe('/checkout/shipping-details');
    await setDisplayPages(true);
  });

  it("answers 404 for another patient's order and when there is none", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const tokenA = await tokenFor(t, a.email, a.password);
    const tokenB = await tokenFor(t, b.email, b.password);
    const product = await productBySku(t, 'OTC-EYE-DROPS');
    const added = await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
      token: tokenA,
      json: { productId: product.id },
    });
    expect((await progress(tokenB, added.body.Data.id)).status).toBe(404);
    expect((await progress(tokenB)).status).toBe(404);
  });
});
