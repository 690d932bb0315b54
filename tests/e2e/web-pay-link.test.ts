import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../server/db/schema/orders';
import { paymentLinks } from '../../server/db/schema/staff';
import { sandboxTestCards } from '../../server/integrations/payments/sandbox-gateway';
import { messages, validationMessages } from '../../shared/errors/messages';
import { phoneOrders } from '../api/helpers/phone-order';
import { createUser, tokenFor } from '../api/helpers/users';
import { checkAtEveryWidth } from './helpers/axe';
import { newPage } from './helpers/browser';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { enterCard } from './web-checkout-steps';
import { recordApiCalls } from './web-shop-helpers';

/**
 * The PAY button's name. Not anchored at its start: after a decline, antd's loading icon can
 * stay in the button, faded out and named "loading", when its leave animation never ends (a CI
 * failure: the button read "loading PAY $21.08").
 */
const payButtonName = /PAY \$/;

/**
 * The payment link of a phone order (issue 14, item 1): the emailed link opens a page that
 * shows the order and takes a card, without a sign-in; it pays that order once; a used,
 * expired or unknown link says so.
 */
let e2e: E2eApp;
let phone: ReturnType<typeof phoneOrders>;

beforeAll(async () => {
  e2e = await startE2e();
  const agent = await createUser(e2e.app, { role: 'agent' });
  phone = phoneOrders(e2e.app, await tokenFor(e2e.app, agent.email, agent.password));
});
afterAll(async () => {
  await e2e?.close();
});

const newPatient = () =>
  createUser(e2e.app, { email: `linked-${randomUUID()}@example.test`, phone: '5035550199' });

async function succeeded(orderId: string) {
  return e2e.app.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
}

describe('a payment link', () => {
  it('opens from the email, pays the order once, and a second visit pays nothing more', async () => {
    const patient = await newPatient();
    const { orderId, token } = await phone.emailedPaymentLink(patient);
    const { context, page } = await newPage(e2e.browser, e2e.url);
    try {
      const api = recordApiCalls(page);
      await page.goto(`/pay/${token}`);
      await page.getByRole('heading', { name: 'Pay for your order' }).waitFor();
      await page.getByRole('button', { name: payButtonName }).waitFor();
      // Nothing of the patient is on the page: the link alone is no proof of who holds it.
      const text = await page.locator('main').innerText();
      expect(text).not.toContain(patient.email);
      expect(text).not.toContain(patient.lastName);
      await checkAtEveryWidth(page, 'web-pay-link');

      // Nothing typed: the card rules say what is missing, and nothing is sent.
      api.clear();
      await page.getByRole('button', { name: payButtonName }).click();
      await page.getByText(validationMessages.cardNumberError).waitFor();
      expect(api.to('/pay')).toEqual([]);

      await enterCard(page, sandboxTestCards.success);
      await page.getByRole('button', { name: payButtonName }).click();
      await page.getByRole('heading', { name: 'Thank you, your order is paid' }).waitFor();
      await page.getByText(/Your receipt is on its way to l\*\*\*@example\.test/).waitFor();
      expect(await succeeded(orderId)).toHaveLength(1);
      await checkAtEveryWidth(page, 'web-pay-link-paid');

      // The link again (a second click in the email): it says the order is paid.
      await page.goto(`/pay/${token}`);
      await page.getByText(messages.paymentLinkUsed).waitFor();
      expect(await page.getByRole('button', { name: payButtonName }).count()).toBe(0);
      expect(await succeeded(orderId)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('shows a declined card, charges nothing, and the link still works', async () => {
    const patient = await newPatient();
    const { orderId, token } = await phone.emailedPaymentLink(patient);
    const { context, page } = await newPage(e2e.browser, e2e.url);
    try {
      await page.goto(`/pay/${token}`);
      await enterCard(page, sandboxTestCards.declined);
      await page.getByRole('button', { name: payButtonName }).click();
      await page.getByText(messages.cardDeclined).waitFor();
      await page.getByText('Your card was not charged. Please use another card.').waitFor();
      expect(await succeeded(orderId)).toEqual([]);
      await page.getByLabel('Card number').fill(sandboxTestCards.success);
      await page.getByRole('button', { name: payButtonName }).click();
      await page.getByRole('heading', { name: 'Thank you, your order is paid' }).waitFor();
      expect(await succeeded(orderId)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('an expired link says it expired; an unknown one says it was not found', async () => {
    const patient = await newPatient();
    const { orderId, token } = await phone.emailedPaymentLink(patient);
    await e2e.app.database.db
      .update(paymentLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentLinks.orderId, orderId));
    const { context, page } = await newPage(e2e.browser, e2e.url);
    try {
      await page.goto(`/pay/${token}`);
      await page.getByRole('heading', { name: 'This link cannot be paid' }).waitFor();
      await page.getByText(messages.paymentLinkExpired).waitFor();
      await checkAtEveryWidth(page, 'web-pay-link-expired');

      await page.goto(`/pay/${'x'.repeat(43)}`);
      await page.getByRole('heading', { name: 'We could not find this payment link' }).waitFor();
      await page.getByText(messages.paymentLinkInvalid).waitFor();
    } finally {
      await context.close();
    }
  });
});
