import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pharmacies } from '../../server/db/schema/care-network';
import { users } from '../../server/db/schema/identity';
import { orders } from '../../server/db/schema/orders';
import { sandboxTestCards } from '../../server/integrations/payments/sandbox-gateway';
import { messages } from '../../shared/errors/messages';
import { call } from '../api/helpers/http';
import { savedCard } from '../api/helpers/placed-orders';
import { createUser, demo } from '../api/helpers/users';
import { newPage, screenshot, viewports } from './helpers/browser';
import { signInToConsole } from './helpers/console-session';
import { type E2eApp, startE2e } from './helpers/e2e-app';

/**
 * The customer-service phone order of the console (spec §7, issue 5), in Chromium against the
 * real server: an agent finds the patient, builds the cart, reads the questionnaire, ships,
 * picks the pharmacy, the doctor and a time, and pays with a card read over the phone; a
 * double click and a retry place one order and charge once.
 */
let e2e: E2eApp;

async function newPatient(lastName: string, phone = '4155550123') {
  const patient = await createUser(e2e.app, {
    email: `${lastName.toLowerCase()}@example.test`,
    phone,
  });
  await e2e.app.database.db
    .update(users)
    .set({ firstName: 'Rosalind', lastName })
    .where(eq(users.id, patient.id));
  return patient;
}

async function agentId(): Promise<string> {
  const [row] = await e2e.app.database.db
    .select()
    .from(users)
    .where(eq(users.email, demo.agent.email));
  if (!row) throw new Error('no demo agent');
  return row.id;
}

async function paidOrdersOf(userId: string) {
  return e2e.app.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)));
}

/** The Idempotency-Key of every phone order request the page sends. */
function recordPlaceRequests(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/order/PhoneOrder')) {
      keys.push(request.headers()['idempotency-key'] ?? '');
    }
  });
  return keys;
}

/** Finds the patient by name in the phone order's first step and opens their order. */
async function choosePatient(page: Page, lastName: string, shot?: string) {
  await page.getByRole('link', { name: 'Phone order' }).click();
  const search = page.getByRole('searchbox', { name: 'Search patients' });
  await search.fill(lastName);
  await search.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(lastName) });
  await row.waitFor();
  if (shot) await screenshot(page, shot);
  await row.click();
  await page.getByRole('heading', { name: `Phone order for Rosalind ${lastName}` }).waitFor();
}

async function addProduct(page: Page, name: string) {
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: 'ADD TO ORDER' }).click();
  await card.getByRole('button', { name: 'IN THE ORDER' }).waitFor();
}

async function shipToNewAddress(page: Page) {
  await page.getByLabel('Full name').fill('Rosalind Okafor');
  await page.getByLabel('Street address').fill('500 Castro St');
  await page.getByLabel('City').fill('Mountain View');
  await page.getByLabel('State').selectOption({ label: 'California' });
  await page.getByLabel('Zip code').fill('94041');
  await page.getByRole('button', { name: 'USE THIS ADDRESS' }).click();
  await page.getByRole('heading', { name: 'Delivery' }).waitFor();
  await page
    .getByRole('group', { name: /shipping method/i })
    .getByRole('radio')
    .first()
    .waitFor();
}

async function answerEyeQuestionnaire(page: Page) {
  const question = (text: string) => page.getByRole('group', { name: text });
  await question('Do you have any of these eye symptoms right now?')
    .getByLabel('None of these')
    .check();
  await question('Have you had eye surgery in the last 3 months?').getByLabel('No').check();
  await question('Has an eye doctor diagnosed you with glaucoma or high eye pressure?')
    .getByLabel('Yes')
    .check();
  await question('When was your last complete eye exam?')
    .getByLabel('Within the last year')
    .check();
  await question('Do you wear contact lenses?').getByLabel('No').check();
  await question('Are you pregnant or breastfeeding?').getByLabel('Not applicable').check();
  await page.getByLabel("I'm not taking any medication").check();
}

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page
    .getByLabel('Expiration date (MM/YY)')
    .fill(`12/${String(new Date().getFullYear() + 3).slice(-2)}`);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Rosalind Okafor');
}

/** A screenshot of the step from its top: the steps bar and the step's heading in view. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => document.getElementById('main')?.scrollTo(0, 0));
  await screenshot(page, name);
}

beforeAll(async () => {
  e2e = await startE2e();
});

afterAll(async () => {
  await e2e?.close();
});

describe('console phone order', () => {
  it('an agent takes a consult order by phone, paid with a card read over the phone, and sees the receipt', async () => {
    const lastName = `Okafor${randomUUID().slice(0, 6)}`;
    const patient = await newPatient(lastName);
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    const keys = recordPlaceRequests(page);
    try {
      await signInToConsole(page, e2e.url, demo.agent);
      await choosePatient(page, lastName, 'console-phone-order-1-patient');

      // Cart: a prescription product (consult, pharmacy, visit) and a promo code.
      await page.getByRole('heading', { name: 'Cart' }).waitFor();
      await addProduct(page, 'Latanoprost eye drops');
      await page.getByLabel('Promo code').fill('WELCOME10');
      await page.getByRole('button', { name: 'APPLY' }).click();
      await page.getByText(/Promo code\s*WELCOME10\s*applied/).waitFor();
      await shot(page, 'console-phone-order-2-cart');
      await page.getByRole('button', { name: 'CONTINUE' }).click();

      // The questionnaire, read to the patient.
      await page.getByRole('heading', { name: 'Questionnaire' }).waitFor();
      await answerEyeQuestionnaire(page);
      await shot(page, 'console-phone-order-3-questionnaire');
      await page.getByRole('button', { name: 'CONTINUE' }).click();

      // Shipping: a new address (saved to the patient) and a method.
      await page.getByRole('heading', { name: 'Shipping', exact: true }).waitFor();
      await shipToNewAddress(page);
      await shot(page, 'console-phone-order-4-shipping');
      await page.getByRole('button', { name: 'CONTINUE' }).click();

      // Pharmacy: one the search does not list, entered as the patient reads it out.
      await page.getByRole('heading', { name: 'Pharmacy', exact: true }).waitFor();
      await shot(page, 'console-phone-order-5-pharmacy');
      await page.getByRole('button', { name: "The patient's pharmacy is not listed" }).click();
      const pharmacyForm = page.getByRole('form', { name: 'Your pharmacy' });
      await pharmacyForm.getByLabel('Pharmacy name').fill(`Harbor Apothecary ${lastName}`);
      await pharmacyForm.getByLabel('Street address').fill('80 Pier Rd');
      await pharmacyForm.getByLabel('City').fill('Oakland');
      await pharmacyForm.getByLabel('Zip code').fill('94607');
      await pharmacyForm.getByRole('button', { name: 'USE THIS PHARMACY' }).click();

      // Doctor and a visit time.
      await page.getByRole('heading', { name: 'Doctor', exact: true }).waitFor();
      await page.getByRole('button', { name: 'SELECT THIS PROVIDER' }).first().click();
      await page
        .getByRole('group', { name: 'Time' })
        .locator('.ant-radio-button-wrapper')
        .first()
        .click();
      await shot(page, 'console-phone-order-6-doctor');
      await page.getByRole('button', { name: 'SCHEDULE' }).click();

      // Payment: first a declined card (a new attempt after it), then the test card.
      await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
      await page.getByLabel('Use a new card').check();
      await fillCard(page, sandboxTestCards.declined);
      await page.getByRole('button', { name: 'PLACE ORDER' }).click();
      await page.getByText(messages.cardDeclined).waitFor();
      // The card read over the phone is not kept: the fields are empty again.
      expect(await page.getByLabel('Card number').inputValue()).toBe('');
      expect(await paidOrdersOf(patient.id)).toHaveLength(0);

      const chargesBefore = e2e.app.payments.succeededChargeCount();
      await fillCard(page, '4242424242424242');
      await shot(page, 'console-phone-order-7-payment');
      await page.getByRole('button', { name: 'PLACE ORDER' }).dblclick();

      // The receipt.
      const title = page.getByTestId('receipt-title');
      await title.waitFor();
      const [paid] = await paidOrdersOf(patient.id);
      expect(await title.textContent()).toBe(`Order ${paid?.orderNumber} placed`);
      await page.getByText(/charged to visa •••• 4242/i).waitFor();
      await shot(page, 'console-phone-order-8-receipt');

      // One order, one charge, one key for the double click; the decline had its own key.
      expect(await paidOrdersOf(patient.id)).toHaveLength(1);
      expect(e2e.app.payments.succeededChargeCount() - chargesBefore).toBe(1);
      expect(keys).toHaveLength(2);
      expect(keys[0]).not.toBe(keys[1]);
      expect(paid?.source).toBe('phone');
      expect(paid?.placedByAgentId).toBe(await agentId());
      expect(paid?.discountCents).toBeGreaterThan(0);
      const [pharmacy] = await e2e.app.database.db
        .select()
        .from(pharmacies)
        .where(eq(pharmacies.id, paid?.pharmacyId ?? -1));
      expect(pharmacy).toMatchObject({
        pharmacyName: `Harbor Apothecary ${lastName}`,
        isPatientCreated: true,
        createdByUserId: patient.id,
      });

      // Print (the browser's print here; the desktop app prints through its bridge).
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await page.getByRole('button', { name: 'Print receipt' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

      // Send the receipt again: a second receipt email reaches the patient.
      const outbox = async () =>
        (
          await call<{ Data: { subject: string }[] }>(
            e2e.url,
            'GET',
            `/api/dev/outbox?to=${encodeURIComponent(patient.email)}`,
          )
        ).body.Data.filter((m) => m.subject.includes(paid?.orderNumber ?? '-')).length;
      const receiptsBefore = await outbox();
      await page.getByRole('button', { name: 'Send receipt' }).click();
      await page.getByText(/The receipt was sent to/).waitFor();
      expect(await outbox()).toBe(receiptsBefore + 1);

      // Looked up again: the Orders page finds it by its number, placed by this agent.
      const orderNumber = paid?.orderNumber ?? '-';
      await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('menuitem', { name: 'Orders' })
        .click();
      const box = page.getByRole('searchbox', { name: 'Search orders' });
      await box.fill(orderNumber);
      await box.press('Enter');
      await page.getByRole('row', { name: new RegExp(orderNumber) }).click();
      const drawer = page.getByRole('dialog', { name: `Order ${orderNumber}` });
      await drawer.getByText(/placed by /).waitFor();
      await drawer
        .getByRole('region', { name: 'Payments' })
        .getByText(/•••• 4242/)
        .waitFor();
    } catch (error) {
      await screenshot(page, 'console-phone-order-failure-1');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('an agent registers a new caller and sends a payment link by email', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `linnea.${tag}@example.test`;
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await signInToConsole(page, e2e.url, demo.agent);
      await page.getByRole('link', { name: 'Phone order' }).click();
      await page.getByRole('button', { name: 'New patient' }).click();
      await page.getByLabel('First name').fill('Linnea');
      await page.getByLabel('Last name').fill(`Sorensen${tag}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone number').fill('(206) 555-0148');
      await page.getByRole('button', { name: 'Create patient and continue' }).click();
      await page.getByRole('heading', { name: `Phone order for Linnea Sorensen${tag}` }).waitFor();
      const [created] = await e2e.app.database.db
        .select()
        .from(users)
        .where(eq(users.email, email));
      expect(created?.phone).toBe('2065550148');

      await addProduct(page, 'Lubricating eye drops');
      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await page.getByRole('heading', { name: 'Shipping', exact: true }).waitFor();
      await shipToNewAddress(page);
      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
      await page.getByText('Send a payment link').click();
      await page.getByLabel(/^Email to/).check();
      await page.getByRole('button', { name: 'PLACE ORDER' }).click();
      await page.getByTestId('receipt-title').filter({ hasText: 'Payment link sent' }).waitFor();
      await shot(page, 'console-phone-order-9-payment-link');

      const outbox = await call<{ Data: { body: string }[] }>(
        e2e.url,
        'GET',
        `/api/dev/outbox?to=${encodeURIComponent(email)}`,
      );
      expect(outbox.body.Data.some((m) => m.body.includes('/pay/'))).toBe(true);
      const [order] = await e2e.app.database.db
        .select()
        .from(orders)
        .where(eq(orders.userId, created?.id ?? ''));
      expect(order?.status).toBe('awaiting-payment');
    } finally {
      await context.close();
    }
  });

  it('a retry after a lost answer sends the same key, and the order is placed and charged once', async () => {
    const lastName = `Adeyemi${randomUUID().slice(0, 6)}`;
    const patient = await newPatient(lastName);
    await savedCard(e2e.app, patient.id);
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    const keys = recordPlaceRequests(page);
    try {
      await signInToConsole(page, e2e.url, demo.agent);
      await choosePatient(page, lastName);
      await addProduct(page, 'Lubricating eye drops');
      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await page.getByRole('heading', { name: 'Shipping', exact: true }).waitFor();
      await shipToNewAddress(page);
      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
      // The saved card is offered first.
      expect(await page.getByLabel(/visa ending in 4242/i).isChecked()).toBe(true);

      // The server places the order, but its answer never reaches the console.
      let dropped = false;
      await page.route('**/api/order/PhoneOrder', async (route) => {
        if (dropped) return route.continue();
        dropped = true;
        await route.fetch();
        return route.abort('connectionreset');
      });
      const chargesBefore = e2e.app.payments.succeededChargeCount();
      await page.getByRole('button', { name: 'PLACE ORDER' }).click();
      await page.getByText(messages.connectionError).waitFor();
      expect(await paidOrdersOf(patient.id)).toHaveLength(1);

      // The agent tries again: same key, the server answers the first result.
      await page.getByRole('button', { name: 'PLACE ORDER' }).click();
      await page.getByTestId('receipt-title').waitFor();
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(await paidOrdersOf(patient.id)).toHaveLength(1);
      expect(e2e.app.payments.succeededChargeCount() - chargesBefore).toBe(1);
    } catch (error) {
      await screenshot(page, 'console-phone-order-failure-2');
      throw error;
    } finally {
      await context.close();
    }
  });
});
