import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, autoRefills, cards } from '../../server/db/schema/orders';
import { messages, validationMessages } from '../../shared/errors/messages';
import { call } from '../api/helpers/http';
import { placedOrder, savedCard, testAddress } from '../api/helpers/placed-orders';
import { createUser } from '../api/helpers/users';
import { checkAtEveryWidth } from './helpers/axe';
import { animationsDone } from './helpers/browser';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { signedInPage } from './helpers/signed-in';
import { watchForZod } from './helpers/zod-scripts';
import { enterCard } from './web-checkout-steps';
import { fieldError, loginDrawer, recordApiCalls } from './web-shop-helpers';

/**
 * My account (issue 14, items 3 to 6) in Chromium on the real server: auto-refills, cards,
 * addresses, profile and password, each changed from the web app and checked in the database.
 */
let e2e: E2eApp;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

/** A patient with a saved card and address and a paid order of a refillable product. */
async function patientWithOrder() {
  const user = await createUser(e2e.app);
  const card = await savedCard(e2e.app, user.id);
  const [address] = await e2e.app.database.db
    .insert(addresses)
    .values({ userId: user.id, ...testAddress })
    .returning();
  await placedOrder(e2e.app, user.id, {
    items: [{ sku: 'RX-LATANOPROST', qty: 1 }],
    status: 'in-review',
    paidAt: new Date(),
    cardId: card.id,
  });
  return { user, card, address };
}

const refillsOf = (userId: string) =>
  e2e.app.database.db.select().from(autoRefills).where(eq(autoRefills.userId, userId));

describe('my account', () => {
  it('shows ten orders of the history, and the next ones with SHOW MORE ORDERS', async () => {
    const user = await createUser(e2e.app);
    for (let i = 0; i < 12; i += 1) {
      await placedOrder(e2e.app, user.id, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const { context, page } = await signedInPage(e2e, user);
    try {
      await page.goto('/my-account');
      const history = page.getByRole('list', { name: 'Order history' });
      await history.getByRole('listitem').nth(9).waitFor();
      await expect(history.getByRole('listitem').count()).resolves.toBe(10);
      await page.getByRole('button', { name: 'SHOW MORE ORDERS' }).click();
      await history.getByRole('listitem').nth(11).waitFor();
      await expect(history.getByRole('listitem').count()).resolves.toBe(12);
      await page.getByRole('button', { name: 'SHOW MORE ORDERS' }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('turns a refill on, changes its card and interval, pauses it and turns it off', async () => {
    const { user } = await patientWithOrder();
    const second = await savedCard(e2e.app, user.id, { isDefault: false, last4: '1881' });
    const { context, page } = await signedInPage(e2e, user);
    try {
      await page.goto('/my-account?tab=auto-refills');
      await page.getByRole('heading', { name: 'Products you can refill' }).waitFor();
      await page.getByRole('button', { name: 'TURN ON AUTO-REFILL' }).click();
      const refill = page.getByRole('listitem', { name: 'Latanoprost eye drops' });
      await refill.getByText('Active').waitFor();
      expect(await refillsOf(user.id)).toHaveLength(1);
      await checkAtEveryWidth(page, 'web-account-refills');

      await refill.getByRole('button', { name: 'CHANGE SETTINGS' }).click();
      await refill.getByLabel('Every (days)').fill('60');
      await refill.getByLabel('Pay with').selectOption({ label: 'Visa ending in 1881' });
      await refill.getByRole('button', { name: 'SAVE' }).click();
      await refill.getByText('60 days').waitFor();
      await refill.getByText('Visa ending in 1881').waitFor();
      const [changed] = await refillsOf(user.id);
      expect(changed).toMatchObject({ intervalDays: 60, cardId: second.id });

      await refill.getByRole('button', { name: 'PAUSE' }).click();
      await refill.getByText('Paused').waitFor();
      expect((await refillsOf(user.id))[0]?.pausedAt).not.toBeNull();
      await refill.getByRole('button', { name: 'RESUME' }).click();
      await refill.getByText('Active').waitFor();

      await refill.getByRole('button', { name: 'TURN OFF' }).click();
      await page.getByRole('button', { name: 'TURN OFF' }).last().click();
      await refill.getByText('Stopped').waitFor();
      expect((await refillsOf(user.id))[0]?.active).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('adds a card, makes it current, and removes one a refill pays with after choosing another', async () => {
    const { user, card } = await patientWithOrder();
    const { context, page, token } = await signedInPage(e2e, user);
    try {
      await refillPaidWith(token);
      await page.goto('/my-account?tab=cards');
      const first = page.getByRole('listitem', { name: 'Visa ending in 4242' });
      await first.getByText('Current card').waitFor();
      await page.getByRole('button', { name: 'ADD A CARD' }).click();
      // Bad input: the card rules say what is wrong and nothing is sent.
      const api = recordApiCalls(page);
      await page.getByRole('button', { name: 'SAVE CARD' }).click();
      await page.getByText(validationMessages.cardNumberError).waitFor();
      expect(api.to('AddCard')).toEqual([]);
      await enterCard(page, '5555555555554444');
      await page.getByRole('button', { name: 'SAVE CARD' }).click();
      const added = page.getByRole('listitem', { name: 'Mastercard ending in 4444' });
      await added.waitFor();
      await added.getByRole('button', { name: 'MAKE CURRENT' }).click();
      await added.getByText('Current card').waitFor();
      await checkAtEveryWidth(page, 'web-account-cards');

      // The refill pays with the first card: removing it asks for the card to use instead.
      await first.getByRole('button', { name: 'REMOVE' }).click();
      await first.getByText(messages.cardUsedByRefill).waitFor();
      await first
        .getByLabel('Use instead', { exact: true })
        .selectOption({ label: 'Mastercard ending in 4444' });
      await first.getByRole('button', { name: 'REMOVE AND USE THE OTHER CARD' }).click();
      await first.waitFor({ state: 'detached' });
      const [removed] = await e2e.app.database.db.select().from(cards).where(eq(cards.id, card.id));
      expect(removed?.removedAt).not.toBeNull();
      const [refill] = await refillsOf(user.id);
      const [mastercard] = await e2e.app.database.db
        .select()
        .from(cards)
        .where(and(eq(cards.userId, user.id), eq(cards.last4, '4444')));
      expect(refill?.cardId).toBe(mastercard?.id);
    } finally {
      await context.close();
    }
  });

  it('edits an address (spec messages on bad input), makes another the default, removes one', async () => {
    const { user, address } = await patientWithOrder();
    await e2e.app.database.db
      .insert(addresses)
      .values({ userId: user.id, ...testAddress, line1: '77 Second Ave', lastUsedAt: new Date(0) });
    const { context, page } = await signedInPage(e2e, user);
    try {
      await page.goto('/my-account?tab=addresses');
      const main = page.getByRole('listitem', { name: '1 Main St, Portland' });
      await main.getByRole('button', { name: 'EDIT' }).click();
      const api = recordApiCalls(page);
      await main.getByLabel('Full name').fill('Test');
      await main.getByRole('button', { name: 'SAVE ADDRESS' }).click();
      await main.getByText(validationMessages.fullNameError).waitFor();
      expect(api.to('EditShippingAddress')).toEqual([]);
      await main.getByLabel('Full name').fill('Test Person');
      await main.getByLabel('Street address').fill('2 Main St');
      await main.getByRole('button', { name: 'SAVE ADDRESS' }).click();
      const edited = page.getByRole('listitem', { name: '2 Main St, Portland' });
      await edited.waitFor();
      const [row] = await e2e.app.database.db
        .select()
        .from(addresses)
        .where(eq(addresses.id, address?.id ?? ''));
      expect(row?.line1).toBe('2 Main St');
      await checkAtEveryWidth(page, 'web-account-addresses');

      const second = page.getByRole('listitem', { name: '77 Second Ave, Portland' });
      await second.getByRole('button', { name: 'MAKE DEFAULT' }).click();
      await second.getByText('Default').waitFor();
      await edited.getByRole('button', { name: 'REMOVE' }).click();
      await edited.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('edits the profile, then changes the password: the new one signs in, the old token is refused', async () => {
    const { context, page, token, user } = await signedInPage(e2e);
    try {
      const zod = watchForZod(page);
      await page.goto('/my-account?tab=profile');
      await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
      await page.getByText(/Your password was last changed on/).waitFor();
      const api = recordApiCalls(page);
      await page.getByLabel('First name').fill('A');
      await page.getByLabel('Phone number').fill('555');
      await page.getByRole('button', { name: 'SAVE PROFILE' }).click();
      await page.getByText(validationMessages.firstNameError).waitFor();
      await page.getByText(validationMessages.phoneNumberError).waitFor();
      expect(api.to('UpdateUserInfo')).toEqual([]);
      await page.getByLabel('First name').fill('Robin');
      await page.getByLabel('Phone number').fill('(503) 555-0111');
      await page.getByRole('button', { name: 'SAVE PROFILE' }).click();
      await page.getByRole('heading', { name: 'Welcome back, Robin' }).waitFor();
      // The corrected fields no longer show their messages (antd keeps a leaving copy of a
      // message while it fades: fieldError looks at the shown ones only).
      await fieldError(page, validationMessages.firstNameError).waitFor({ state: 'detached' });
      await fieldError(page, validationMessages.phoneNumberError).waitFor({ state: 'detached' });
      await checkAtEveryWidth(page, 'web-account-profile');

      await page.getByLabel('Current password').fill(user.password);
      await page.getByLabel('New password', { exact: true }).fill('weak');
      await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
      await page.getByText(validationMessages.passwordError).waitFor();
      expect(api.to('UpdatePassword')).toEqual([]);
      // The account's sections check with plain code.
      await zod.expectNone();
      await page.getByLabel('New password', { exact: true }).fill('Changed#2027');
      await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
      // Every session ended: the sign-in drawer asks for the new password.
      const drawer = loginDrawer(page);
      await drawer.getByLabel('Password').waitFor();
      expect((await call(e2e.url, 'GET', '/api/user/User/UserInfo', { token })).status).toBe(401);
      await drawer.getByLabel('Email').fill(user.email);
      await drawer.getByLabel('Password').fill('Changed#2027');
      await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).click();
      await page.getByRole('heading', { name: 'Welcome back, Robin' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

/** An active refill of the patient's paid order, paid with their current card. */
async function refillPaidWith(token: string) {
  const eligible = await call(e2e.url, 'GET', '/api/order/GetARFElligibleOrders', { token });
  const line = eligible.body.Data[0];
  const res = await call(e2e.url, 'POST', '/api/order/ActivateAutoRefillForProduct', {
    token,
    json: { orderId: line.orderId, productId: line.productId },
  });
  expect(res.status).toBe(200);
}

describe('my medications', () => {
  it('keeps the list with the spec search: too short, NO MATCH FOUND, manual entry, none', async () => {
    const { page, context, token } = await signedInPage(e2e);
    const mine = async () =>
      (await call(e2e.url, 'GET', '/api/user/User/Medications', { token })).body.Data.medications;
    await page.goto('/my-account?tab=medications');
    const search = page.getByLabel('Search medications');
    await search.fill('l');
    await page.getByText(validationMessages.medicationSearchError).waitFor();
    await search.fill('Lisino');
    // antd draws the visible options apart from its screen-reader listbox; picked once the
    // list has slid in.
    const option = page.locator('.ant-select-item-option[title="Lisinopril"]');
    await option.waitFor();
    await animationsDone(page);
    await option.click();
    const list = page.getByRole('list', { name: 'Your medications' });
    await list.getByText('Lisinopril').waitFor();
    await search.fill('Zzqx tonic');
    await page.locator('.ant-select-item-option', { hasText: 'NO MATCH FOUND' }).waitFor();
    await page.getByRole('button', { name: 'Save as Manual Entry?' }).click();
    await list.getByText('Zzqx tonic').waitFor();
    await page.getByRole('button', { name: 'SAVE MEDICATIONS' }).click();
    await page.getByText('Your medications are saved.').waitFor();
    expect(await mine()).toEqual(['Lisinopril', 'Zzqx tonic']);
    await checkAtEveryWidth(page, 'account-medications');

    // Kept after a reload; then "I'm not taking any medication" shows NONE and saves [].
    await page.reload();
    await list.getByText('Zzqx tonic').waitFor();
    await page.getByLabel("I'm not taking any medication").check();
    await page.getByText('NONE', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'SAVE MEDICATIONS' }).click();
    await page.getByText('Your medications are saved.').waitFor();
    expect(await mine()).toEqual([]);
    await context.close();
  });
});

describe("the account's sections", () => {
  it('fetches the other sections’ code when one is first opened; when it cannot be fetched the section says so, and trying again loads it', async () => {
    const { page, context } = await signedInPage(e2e);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    let reachable = false;
    const otherSections = /\/assets\/other-sections-[\w-]+\.js$/;
    await page.route(otherSections, (route) =>
      reachable ? route.continue() : route.abort('internetdisconnected'),
    );
    try {
      await page.goto('/my-account');
      await page.getByRole('heading', { name: 'Recent orders' }).waitFor();
      // A first visit brings the orders section alone (DESIGN §7: bytes on a phone).
      expect(scripts.filter((path) => otherSections.test(path))).toEqual([]);

      const sections = page.getByRole('navigation', { name: 'My account' });
      await sections.getByRole('link', { name: 'Visits' }).click();
      await page.getByRole('alert').getByText('We could not load visits.').waitFor();
      await page.getByRole('heading', { name: 'Recent orders' }).waitFor({ state: 'detached' });

      reachable = true;
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Visits', exact: true }).waitFor();
      await page.getByText('You have no visits yet.').waitFor();
      expect(scripts.some((path) => otherSections.test(path))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
