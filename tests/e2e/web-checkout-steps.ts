import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from 'vitest';
import { waitForMessage } from './web-shop-helpers';

/**
 * The checkout steps as a patient takes them in the browser, shared by the web-checkout tests.
 * Each waits for the page it expects, so a wrong route fails where it happens.
 */

/** Every page of the context opens signed in as this patient, as the app keeps a sign-in. */
export async function signedInAs(context: BrowserContext, token: string, userId: string) {
  await context.addInitScript(
    ([t, id]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('useidk', id);
    },
    [token, userId] as const,
  );
}

/** The checkout page shown (not the page being left while the next one loads). */
export function checkoutPage(page: Page) {
  return page.locator('.checkout-page');
}

export async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe(path);
}

/** Adds a product from the home page (consult products start their online visit). */
export async function addFromHome(page: Page, productName: string, action: string) {
  await page.goto('/');
  const card = page.getByRole('article', { name: productName });
  await card.getByRole('button', { name: action }).click();
}

/** An OTC product: the cart drawer opens, CHECKOUT goes to the first pending stage. */
export async function checkoutFromCart(page: Page) {
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await drawer.getByRole('button', { name: 'CHECKOUT' }).click();
}

/** The eye-health questionnaire (Latanoprost), answered so it qualifies. */
export async function answerEyeQuestionnaire(page: Page, options: { disqualify?: boolean } = {}) {
  await expectPath(page, '/checkout/questionnaire/1');
  const group = (name: string) => page.getByRole('group', { name });
  await group('Do you have any of these eye symptoms right now?')
    .getByLabel(options.disqualify ? 'Severe eye pain' : 'None of these')
    .check();
  await group('Have you had eye surgery in the last 3 months?').getByLabel('No').check();
  await group('Has an eye doctor diagnosed you with glaucoma or high eye pressure?')
    .getByLabel('Yes', { exact: true })
    .check();
  await group('When was your last complete eye exam?').getByLabel('Within the last year').check();
  await group('Do you wear contact lenses?').getByLabel('No').check();
  await group('Are you pregnant or breastfeeding?').getByLabel('Not applicable').check();
  await page.getByLabel("I'm not taking any medication").check();
  await page.getByRole('button', { name: 'CONTINUE' }).click();
}

export const testAddress = {
  fullName: 'Jane Doe',
  line1: '500 Castro St',
  city: 'Mountain View',
  stateName: 'California',
  zip: '94041',
  phone: '6505550134',
};

/** A new address and the first shipping method, then CONTINUE. */
export async function enterShipping(page: Page) {
  await expectPath(page, '/checkout/shipping-details');
  await page.getByLabel('Full name').fill(testAddress.fullName);
  await page.getByLabel('Street address').fill(testAddress.line1);
  await page.getByLabel('City').fill(testAddress.city);
  await page.getByLabel('State').selectOption({ label: testAddress.stateName });
  await page.getByLabel('Zip code').fill(testAddress.zip);
  await page.getByLabel('Phone (optional)').fill(testAddress.phone);
  await page.getByRole('button', { name: 'USE THIS ADDRESS' }).click();
  await page.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first().waitFor();
  await page.getByRole('button', { name: 'CONTINUE' }).click();
}

/** Pharmacy options: the nearest listed pharmacy. */
export async function chooseNearestPharmacy(page: Page) {
  await expectPath(page, '/checkout/pharmacy-options');
  const list = page.getByRole('list', { name: 'Pharmacies' });
  await list
    .getByRole('button', { name: /^Select: / })
    .first()
    .click();
}

/** A doctor and the first free time, then SCHEDULE. */
export async function scheduleFirstSlot(page: Page) {
  await expectPath(page, '/checkout/schedule-visit');
  const provider = page.getByRole('button', { name: 'SELECT THIS PROVIDER' }).first();
  if (!(await page.getByRole('group', { name: 'Time' }).isVisible())) await provider.click();
  // antd's radio buttons keep the input out of sight: the patient clicks its label.
  await page.getByRole('group', { name: 'Time' }).locator('label').first().click();
  await page.getByRole('button', { name: 'SCHEDULE' }).click();
}

/** Registers a new account on /register; answers the email used. */
export async function register(page: Page): Promise<string> {
  await expectPath(page, '/register');
  const email = `web-buyer-${randomUUID().slice(0, 8)}@example.test`;
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Sunrise#2026');
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await enterEmailCode(page, email, 'CONFIRM AND CREATE ACCOUNT');
  return email;
}

/** The registration's second step: the code mailed to the address, read from the outbox. */
export async function enterEmailCode(page: Page, email: string, button: string) {
  await page.getByLabel('Code from the email').waitFor();
  const [, code] = await waitForMessage(
    new URL(page.url()).origin,
    email,
    /create an account is (\d{6})/,
  );
  await page.getByLabel('Code from the email').fill(code ?? '');
  await page.getByRole('button', { name: button }).click();
}

/** Card fields of the summary page. */
export async function enterCard(page: Page, cardNumber: string) {
  const newCard = page.getByLabel('Use a new card');
  if (await newCard.isVisible()) await newCard.check();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiration date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Jane Doe');
}

/** An intro page's button, when the storefront shows that page. */
export async function passIntro(page: Page, path: string, button: string) {
  await expectPath(page, path);
  await checkoutPage(page).getByRole('button', { name: button }).click();
}

/** A guest from the home page to the pharmacy step with the eye-drops consult product. */
export async function consultThroughShipping(page: Page) {
  await addFromHome(page, 'Latanoprost eye drops', 'START ONLINE VISIT');
  await passIntro(page, '/checkout/pre-questionnaire', 'START ONLINE VISIT');
  await answerEyeQuestionnaire(page);
  await passIntro(page, '/checkout/pre-shipping', 'CONTINUE');
  await enterShipping(page);
}

/** Ticks every consent the summary asks for (the storefront's required ones not yet accepted). */
export async function acceptConsents(page: Page) {
  const boxes = page.locator('.consent-checklist input[type="checkbox"]');
  for (const box of await boxes.all()) await box.check();
}

/** The summary's last step: the consents, then FINALIZE ORDER. */
export async function finalizeOrder(page: Page) {
  await acceptConsents(page);
  await page.getByRole('button', { name: 'FINALIZE ORDER' }).click();
}
