import type { Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefronts } from '../../server/db/schema/platform';
import { invalidateStorefrontCache } from '../../server/modules/config/storefront-cache';
import { productBySku } from '../api/helpers/catalog';
import { answerQuestionnaires, californiaAddress } from '../api/helpers/checkout';
import { call } from '../api/helpers/http';
import { checkAtEveryWidth } from './helpers/axe';
import { newPage, viewports } from './helpers/browser';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { signedInPage } from './helpers/signed-in';
import {
  answerEyeQuestionnaire,
  checkoutPage,
  enterCard,
  enterShipping,
  expectPath,
  finalizeOrder,
  passIntro,
  testAddress,
} from './web-checkout-steps';

/**
 * Every checkout route of spec §2 in Chromium against the real server, with every display page
 * switched on: each page is kept as a screenshot at 375, 670 and 1280 px and checked with axe-core
 * (no serious or critical violation), walking a signed-in patient through visit type 1 and then
 * visit type 3. The pharmacy map works without its tiles (none load here): markers and list.
 */
let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2e();
  const [row] = await e2e.app.database.db.select().from(storefronts);
  const settings = { ...(row?.applicationSettings ?? {}), ShowGreetingPage: true };
  await e2e.app.database.db.update(storefronts).set({ applicationSettings: settings });
  invalidateStorefrontCache(132);
});

afterAll(async () => {
  await e2e?.close();
});

/** A patient signed in as the app keeps it: the user token and id in local storage. */
const signedIn = () => signedInPage(e2e);

async function addToCart(token: string, sku: string): Promise<string> {
  const product = await productBySku(e2e.app, sku);
  const added = await call(e2e.url, 'POST', '/api/user/Cart/AddToCart', {
    token,
    json: { productId: product.id },
  });
  expect(added.status).toBe(200);
  return added.body.Data.id as string;
}

/**
 * Screenshots at 375, 670 and 1280 px, and axe at each width: no serious or critical violation.
 */
async function capture(page: Page, name: string) {
  await checkoutPage(page).locator('h1').waitFor();
  await page.locator('.skeleton, .ant-skeleton').first().waitFor({ state: 'detached' });
  await checkAtEveryWidth(page, `web-checkout-${name}`);
}

describe('every checkout page', () => {
  it('visit type 1: each page at 375, 670 and 1280 px, and axe finds nothing serious', async () => {
    const { context, page, token } = await signedIn();
    try {
      const orderId = await addToCart(token, 'RX-LATANOPROST');
      await page.goto('/checkout/pre-questionnaire');
      await capture(page, 'pre-questionnaire');
      await passIntro(page, '/checkout/pre-questionnaire', 'START ONLINE VISIT');
      await capture(page, 'questionnaire');
      await answerEyeQuestionnaire(page);
      await expectPath(page, '/checkout/pre-shipping');
      await capture(page, 'pre-shipping');
      await passIntro(page, '/checkout/pre-shipping', 'CONTINUE');
      await capture(page, 'shipping-details');
      await enterShipping(page);
      await expectPath(page, '/checkout/pharmacy-options');
      await capture(page, 'pharmacy-options');
      await page.getByRole('link', { name: 'Search by zip code or name' }).click();
      await expectPath(page, '/checkout/pharmacy-search');
      // The search page's own results (the options page's list may still be on screen while
      // the search page loads): the shipping zip's area, which the seed has no pharmacy in.
      const results = page.getByRole('region', { name: 'Search results' });
      await results.getByText('No pharmacies match your search.').waitFor();
      const searchBox = page.getByRole('textbox', { name: 'Zip code, city or pharmacy name' });
      expect(await searchBox.inputValue()).toBe(testAddress.zip.slice(0, 3));
      await capture(page, 'pharmacy-search');
      await page.getByRole('link', { name: 'Pharmacies on a map' }).click();
      await expectPath(page, '/checkout/pharmacy-map');
      // Without tiles (none load here) the markers are still drawn, and the list is there.
      await page.locator('.leaflet-interactive').first().waitFor();
      const markers = await page.locator('.leaflet-interactive').count();
      const listed = await page
        .getByRole('list', { name: 'Pharmacies' })
        .getByRole('listitem')
        .count();
      expect(markers).toBeGreaterThan(0);
      expect(listed).toBe(markers);
      await capture(page, 'pharmacy-map');
      await page.getByRole('list', { name: 'Pharmacies' }).getByRole('button').first().click();
      await expectPath(page, '/checkout/pre-scheduling');
      await capture(page, 'pre-scheduling');
      await passIntro(page, '/checkout/pre-scheduling', 'CONTINUE');
      await expectPath(page, '/checkout/schedule-visit');
      await page.getByRole('button', { name: 'SELECT THIS PROVIDER' }).first().click();
      await page.getByRole('group', { name: 'Time' }).locator('label').first().click();
      await capture(page, 'schedule-visit');
      await page.getByRole('button', { name: 'SCHEDULE' }).click();
      await expectPath(page, '/checkout/greeting');
      await capture(page, 'greeting');
      await passIntro(page, '/checkout/greeting', 'CONTINUE');
      await expectPath(page, '/checkout/pre-payment');
      await capture(page, 'pre-payment');
      await passIntro(page, '/checkout/pre-payment', 'CONTINUE');
      await expectPath(page, '/checkout/summary');
      await enterCard(page, '4242424242424242');
      await capture(page, 'summary');
      await finalizeOrder(page);
      await expectPath(page, '/checkout/order-confirmation');
      await page.getByText(/is placed/).waitFor();
      await capture(page, 'order-confirmation');

      await page.goto(`/checkout/patient-visit?orderId=${orderId}`);
      await page.getByText(/Your video visit with/).waitFor();
      await capture(page, 'patient-visit');
      await page.goto('/checkout/ended-visit');
      await capture(page, 'ended-visit');
    } finally {
      await context.close();
    }
  }, 300_000);

  it('visit type 3: pre-doctor-confirmation and doctor-confirmation with CONFIRM', async () => {
    const { context, page, token } = await signedIn();
    try {
      const orderId = await addToCart(token, 'RX-FINASTERIDE');
      await answerQuestionnaires(e2e.app, token, orderId);
      await call(e2e.url, 'POST', '/api/order/AddShippingAddress', {
        token,
        json: { orderId, ...californiaAddress },
      });
      const methods = await call(
        e2e.url,
        'GET',
        `/api/payment/GetProductWiseShippingMethodsWithState?state=CA&orderId=${orderId}`,
        { token },
      );
      await call(e2e.url, 'POST', '/api/payment/UpdateShippingFee', {
        token,
        json: { orderId, shippingMethodId: methods.body.Data.items[0].methods[0].id },
      });
      const pharmacy = await call(e2e.url, 'POST', '/api/order/AcceptInternalPharmacy', {
        token,
        json: { orderId },
      });
      expect(pharmacy.status).toBe(200);
      // Opened ahead of the flow, the summary sends visit type 3 to its doctor's confirmation.
      await page.goto('/checkout/summary');
      await expectPath(page, '/checkout/pre-doctor-confirmation');
      await capture(page, 'pre-doctor-confirmation');
      await passIntro(page, '/checkout/pre-doctor-confirmation', 'CONTINUE');
      await expectPath(page, '/checkout/doctor-confirmation');
      await page.getByRole('button', { name: 'SELECT THIS PROVIDER' }).first().click();
      await capture(page, 'doctor-confirmation');
      await page.getByRole('button', { name: 'CONFIRM' }).click();
      await expectPath(page, '/checkout/greeting');
    } finally {
      await context.close();
    }
  });

  it('shipping details: an entered address changed, a change cancelled, a method chosen with the keyboard', async () => {
    const { context, page, token } = await signedIn();
    try {
      await addToCart(token, 'OTC-READERS');
      await page.goto('/checkout/shipping-details');
      const form = page.getByRole('form', { name: 'New address' });
      await form.getByLabel('Full name').fill(testAddress.fullName);
      await form.getByLabel('Street address').fill(testAddress.line1);
      await form.getByLabel('City').fill(testAddress.city);
      // The state is the browser's own list: its first letters typed pick it.
      await form.getByLabel('State').focus();
      await page.keyboard.type('Cali');
      await form.getByLabel('Zip code').fill(testAddress.zip);
      await form.getByRole('button', { name: 'USE THIS ADDRESS' }).click();
      const picked = page.locator('.picked-address');
      await picked.getByText(`${testAddress.city}, CA ${testAddress.zip}`).waitFor();

      // Changed, then the change cancelled: the address as it was.
      await picked.getByRole('button', { name: 'Change address' }).click();
      expect(await form.getByLabel('Full name').inputValue()).toBe(testAddress.fullName);
      await form.getByLabel('City').fill('Sunnyvale');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await picked.getByText(`${testAddress.city}, CA ${testAddress.zip}`).waitFor();

      // Changed and used.
      await picked.getByRole('button', { name: 'Change address' }).click();
      await form.getByLabel('City').fill('Sunnyvale');
      await form.getByRole('button', { name: 'USE THIS ADDRESS' }).click();
      await picked.getByText(`Sunnyvale, CA ${testAddress.zip}`).waitFor();

      // One method chosen, the next one with the arrow key.
      const methods = page.getByRole('group', { name: 'Shipping method' }).getByRole('radio');
      await methods.first().waitFor();
      expect(await methods.first().isChecked()).toBe(true);
      await methods.first().focus();
      await page.keyboard.press('ArrowDown');
      expect(await methods.nth(1).isChecked()).toBe(true);
      expect(await methods.first().isChecked()).toBe(false);
      const chosen = await methods.nth(1).getAttribute('value');
      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await page.waitForURL((url) => url.pathname !== '/checkout/shipping-details');
      const cart = await call(e2e.url, 'GET', '/api/user/Cart/GetItemsInCart', { token });
      expect(cart.body.Data.addresses.Shipping.city).toBe('Sunnyvale');
      expect(String(cart.body.Data.carrier.id)).toBe(chosen);
    } finally {
      await context.close();
    }
  });

  it('the disqualified page', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await page.goto('/disqualified');
      await capture(page, 'disqualified');
    } finally {
      await context.close();
    }
  });
});
