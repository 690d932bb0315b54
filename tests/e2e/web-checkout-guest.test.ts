import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSlots, pharmacies } from '../../server/db/schema/care-network';
import { users } from '../../server/db/schema/identity';
import { orders } from '../../server/db/schema/orders';
import { validationMessages } from '../../shared/errors/messages';
import { newPage, screenshot, viewports } from './helpers/browser';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { watchForZod } from './helpers/zod-scripts';
import {
  addFromHome,
  checkoutFromCart,
  chooseNearestPharmacy,
  consultThroughShipping,
  enterCard,
  enterShipping,
  expectPath,
  finalizeOrder,
  passIntro,
  register,
  scheduleFirstSlot,
} from './web-checkout-steps';
import { fieldError, recordApiCalls } from './web-shop-helpers';

/**
 * Issue 6 item 4, in Chromium against the real server: guests buy from the home page to the
 * order confirmation, following the route the app picks after every step (the seeded storefront
 * shows the pre-questionnaire, pre-shipping, pre-scheduling and pre-payment pages).
 */
dayjs.extend(utc);
dayjs.extend(timezone);

let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2e();
});

afterAll(async () => {
  await e2e?.close();
});

async function placedOrderOf(email: string) {
  const [user] = await e2e.app.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return e2e.app.database.db.select().from(orders).where(eq(orders.userId, user.id));
}

describe('a guest checks out in the browser', () => {
  it('buys an OTC product: cart, shipping, register, pay, confirmation', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      const chargesBefore = e2e.app.payments.succeededChargeCount();
      await addFromHome(page, 'Vitamin D3', 'ADD TO CART');
      await checkoutFromCart(page);
      await passIntro(page, '/checkout/pre-shipping', 'CONTINUE');
      await enterShipping(page);
      const email = await register(page);
      await passIntro(page, '/checkout/pre-payment', 'CONTINUE');
      await expectPath(page, '/checkout/summary');
      await page.getByRole('heading', { name: 'Order summary' }).waitFor();
      await enterCard(page, '4242424242424242');
      await finalizeOrder(page);
      await expectPath(page, '/checkout/order-confirmation');
      await page.getByText(/Order SF-\d+ is placed/).waitFor();
      await screenshot(page, 'web-checkout-guest-otc-confirmation-1280');

      const placed = await placedOrderOf(email);
      expect(placed).toHaveLength(1);
      expect(placed[0]?.status).toBe('approved');
      expect(e2e.app.payments.succeededChargeCount()).toBe(chargesBefore + 1);

      await page.getByRole('button', { name: 'GO TO MY ACCOUNT' }).click();
      await expectPath(page, '/my-account');
    } finally {
      await context.close();
    }
  });

  it('buys a consult product with visit type 1: questionnaire, shipping, pharmacy, slot, register, pay', async () => {
    // The patient's time zone is the browser's: the visit time is shown in Los Angeles time.
    const context = await e2e.browser.newContext({
      baseURL: e2e.url,
      viewport: viewports.phone,
      timezoneId: 'America/Los_Angeles',
    });
    const page = await context.newPage();
    try {
      await consultThroughShipping(page);
      await chooseNearestPharmacy(page);
      await passIntro(page, '/checkout/pre-scheduling', 'CONTINUE');
      await expectPath(page, '/checkout/schedule-visit');
      await page.getByRole('button', { name: 'SELECT THIS PROVIDER' }).first().click();
      await page.getByText('Times are shown in your time zone (America/Los Angeles, P').waitFor();
      await scheduleFirstSlot(page);
      const email = await register(page);
      await passIntro(page, '/checkout/pre-payment', 'CONTINUE');
      await expectPath(page, '/checkout/summary');
      await page.getByText('Consult fee').waitFor();
      await enterCard(page, '4242424242424242');
      await finalizeOrder(page);
      await expectPath(page, '/checkout/order-confirmation');
      await page.getByText(/Order SF-\d+ is placed/).waitFor();
      await screenshot(page, 'web-checkout-guest-consult-confirmation-375');

      const [order] = await placedOrderOf(email);
      expect(order?.status).toBe('in-review');
      expect(order?.pharmacyId).not.toBeNull();
      const [slot] = await e2e.app.database.db
        .select()
        .from(doctorSlots)
        .where(eq(doctorSlots.id, order?.slotId ?? -1));
      expect(slot?.bookedByOrderId).toBe(order?.id);
      const local = dayjs(slot?.startsAt).tz('America/Los_Angeles').format('ddd, MMM D, h:mm A');
      await page.getByText(local, { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('enters a pharmacy the search does not list: a too short search and invalid input send nothing, a valid one goes on; no script of the way is zod', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.phone);
    try {
      const zod = watchForZod(page);
      await consultThroughShipping(page);
      await expectPath(page, '/checkout/pharmacy-options');
      await page.getByRole('link', { name: 'Search by zip code or name' }).click();
      await expectPath(page, '/checkout/pharmacy-search');

      // A search of one character is refused under its box, and nothing is sent.
      const searches = recordApiCalls(page);
      const search = page.getByLabel('Zip code, city or pharmacy name');
      await search.fill(' a ');
      await page.getByRole('button', { name: 'SEARCH' }).click();
      await page.getByText(validationMessages.pharmacySearchError).waitFor();
      expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(searches.to('/pharmacy')).toEqual([]);
      await page.getByRole('button', { name: 'My pharmacy is not listed' }).click();
      const form = page.getByRole('form', { name: 'Your pharmacy' });
      // The state starts as the shipping address's.
      await expect
        .poll(() =>
          form
            .getByLabel('State')
            .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
        )
        .toBe('California');

      const api = recordApiCalls(page);
      await form.getByRole('button', { name: 'USE THIS PHARMACY' }).click();
      await fieldError(form, validationMessages.pharmacyNameError).waitFor();
      await fieldError(form, validationMessages.addressLine1Error).waitFor();
      await fieldError(form, validationMessages.cityError).waitFor();
      await fieldError(form, validationMessages.zipCodeError).waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        'own-pharmacy-pharmacyName',
      );
      await form.getByLabel('Pharmacy name').fill('Corner Drug Store');
      await form.getByLabel('Street address').fill('12 Elm St');
      await form.getByLabel('City').fill('Sacramento');
      await form.getByLabel('Zip code').fill('95814');
      await form.getByLabel('Phone (optional)').fill('916555');
      await form.getByLabel('NPI number (optional)').fill('12345');
      await form.getByRole('button', { name: 'USE THIS PHARMACY' }).click();
      await fieldError(form, validationMessages.phoneNumberError).waitFor();
      await fieldError(form, validationMessages.npiError).waitFor();
      expect(api.to('/pharmacy')).toEqual([]);
      await screenshot(page, 'web-checkout-own-pharmacy-375');

      await form.getByLabel('Phone (optional)').fill('(916) 555-0147');
      await form.getByLabel('NPI number (optional)').fill('1234567893');
      await form.getByRole('button', { name: 'USE THIS PHARMACY' }).click();
      await expectPath(page, '/checkout/pre-scheduling');
      expect(api.to('/pharmacy')).toEqual([
        { method: 'PATCH', path: '/api/v1/guestorders/current/pharmacy' },
      ]);
      // The way here (questionnaire, address, pharmacy) checks with plain code: no script is zod.
      await zod.expectNone();

      const [pharmacy] = await e2e.app.database.db
        .select()
        .from(pharmacies)
        .where(eq(pharmacies.pharmacyName, 'Corner Drug Store'));
      expect(pharmacy).toMatchObject({
        isPatientCreated: true,
        address: '12 Elm St',
        city: 'Sacramento',
        state: 'CA',
        zip: '95814',
        npi: '1234567893',
      });
      const onOrder = await e2e.app.database.db
        .select()
        .from(orders)
        .where(eq(orders.pharmacyId, pharmacy?.id ?? -1));
      expect(onOrder).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
