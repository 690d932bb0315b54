import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { payments } from '../../server/db/schema/orders';
import { formatUsd } from '../../shared/cart/money';
import { productBySku } from '../api/helpers/catalog';
import { placedOrder, savedCard } from '../api/helpers/placed-orders';
import { createUser, demo } from '../api/helpers/users';
import { animationsDone, newPage, screenshot, viewports } from './helpers/browser';
import {
  gridHeaders,
  gridRowTexts,
  signInToConsole,
  waitForGridIdle,
} from './helpers/console-session';
import { type E2eApp, startE2e } from './helpers/e2e-app';

/**
 * The console's order lookup (issue 5) in Chromium against the real server: an agent finds a
 * patient's orders by phone and by order number and opens one; sort and filters change the
 * rows; the CSV export holds the filtered rows; arrow keys and Enter open an order; columns
 * and saved views; actions by role; and an admin reads the agent's lookups in the audit log.
 */
let e2e: E2eApp;
const suffix = randomUUID().slice(0, 6);
const lastName = `Quenby${suffix}`;
const phoneDigits = `503555${String(Math.floor(1000 + Math.random() * 8999))}`;
const phoneTyped = `(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`;

interface Placed {
  orderNumber: string;
  status: string;
  totalCents: number;
}
const placed: Record<'shipped' | 'paid' | 'delivered' | 'approved', Placed> = {} as never;
let vitaminName = '';

beforeAll(async () => {
  e2e = await startE2e();
  const t = e2e.app;
  const patient = await createUser(t, {
    email: `theodora.${suffix}@example.test`,
    phone: phoneDigits,
  });
  await t.database.db
    .update(users)
    .set({ firstName: 'Theodora', lastName, dateOfBirth: '1958-03-21' })
    .where(eq(users.id, patient.id));
  const card = await savedCard(t, patient.id);
  vitaminName = (await productBySku(t, 'OTC-VITAMIN-D3')).displayName;
  const day = (n: number) => new Date(Date.now() - n * 86_400_000);
  const rows = [
    ['shipped', [{ sku: 'OTC-EYE-DROPS', qty: 1 }], 4],
    ['paid', [{ sku: 'OTC-VITAMIN-D3', qty: 3 }], 3],
    ['delivered', [{ sku: 'OTC-READERS', qty: 2 }], 2],
    ['approved', [{ sku: 'OTC-CETIRIZINE', qty: 1 }], 1],
  ] as const;
  for (const [status, items, age] of rows) {
    const order = await placedOrder(t, patient.id, {
      status,
      items: items.map((item) => ({ ...item })),
      cardId: card.id,
      createdAt: day(age),
      paidAt: day(age),
    });
    if (status === 'delivered') {
      // A charge the sandbox gateway made, so that an admin can refund it.
      const charge = await t.payments.charge({
        token: card.gatewayToken,
        channel: 'online',
        amountCents: order.totalCents,
        idempotencyKey: randomUUID(),
        description: 'e2e',
      });
      if (!charge.ok) throw new Error('sandbox charge failed');
      await t.database.db
        .update(payments)
        .set({ gatewayChargeId: charge.chargeId })
        .where(eq(payments.orderId, order.id));
    }
    placed[status] = {
      orderNumber: order.orderNumber ?? '',
      status,
      totalCents: order.totalCents,
    };
  }
  // Another patient's order, newest of all: the lookup before any search lists it, so a
  // search's rows are told from the list it replaces, and a search must leave it out.
  const stranger = await createUser(t, { phone: '5035550100' });
  await placedOrder(t, stranger.id, {
    status: 'paid',
    items: [{ sku: 'OTC-EYE-DROPS', qty: 1 }],
    cardId: (await savedCard(t, stranger.id)).id,
    createdAt: new Date(),
    paidAt: new Date(),
  });
});

afterAll(async () => {
  await e2e?.close();
});

async function openLookup(account: { email: string; password: string } = demo.agent) {
  const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
  await signInToConsole(page, e2e.url, account);
  await page.getByRole('heading', { name: 'Orders' }).waitFor();
  return { context, page };
}

/** Searches, then waits for the address to hold the search (the rows follow on a later render). */
async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search orders' });
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => hashParam(page, 'q'), { timeout: 30_000 }).toBe(text);
}

/** The address changes first and the table follows on its next render: wait for the header. */
async function waitForSort(page: Page, header: string, direction: 'ascending' | 'descending') {
  await page.waitForFunction(
    ({ name, sort }) =>
      [...document.querySelectorAll('table[aria-label="Orders"] th[aria-sort]')].some(
        (th) => th.textContent?.includes(name) && th.getAttribute('aria-sort') === sort,
      ),
    { name: header, sort: direction },
  );
}

/** Waits until the grid shows exactly `count` rows and the lookup is not loading. */
async function waitForRows(page: Page, count: number) {
  const grid = page.getByRole('grid', { name: 'Orders' });
  await page.waitForFunction(
    ({ expected }) => {
      const table = document.querySelector('table[aria-label="Orders"]');
      if (!table || table.getAttribute('aria-busy') === 'true') return false;
      return table.querySelectorAll('tbody tr').length === expected;
    },
    { expected: count },
  );
  return grid;
}

async function hashParam(page: Page, name: string): Promise<string | null> {
  const hash = await page.evaluate(() => location.hash);
  return new URLSearchParams(hash.split('?')[1] ?? '').get(name);
}

/**
 * Picks an option of the open antd select (its visible list, not the hidden a11y one), once
 * the list has slid in.
 */
async function pickOption(page: Page, label: string) {
  await animationsDone(page);
  await page.locator(`.ant-select-dropdown .ant-select-item-option[title="${label}"]`).click();
}

const column = (headers: string[], rows: string[][], name: string) => {
  const index = headers.indexOf(name);
  if (index < 0) throw new Error(`no column ${name} in ${headers.join(', ')}`);
  return rows.map((row) => row[index] ?? '');
};

describe('console order lookup', () => {
  it('an agent finds orders by phone and by order number and opens one', async () => {
    const { context, page } = await openLookup();
    try {
      const nav = page.getByRole('navigation', { name: 'Console' });
      expect(await nav.getByRole('menuitem', { name: 'Audit log' }).count()).toBe(0);

      await search(page, phoneTyped);
      await waitForRows(page, 4);
      const headers = await gridHeaders(page, 'Orders');
      const rows = await gridRowTexts(page, 'Orders');
      expect(new Set(column(headers, rows, 'Patient'))).toEqual(new Set([`Theodora ${lastName}`]));
      // Newest first by default.
      expect(column(headers, rows, 'Order')).toEqual([
        placed.approved.orderNumber,
        placed.delivered.orderNumber,
        placed.paid.orderNumber,
        placed.shipped.orderNumber,
      ]);
      expect(await hashParam(page, 'q')).toBe(phoneTyped);
      await screenshot(page, 'console-lookup');

      await search(page, placed.paid.orderNumber);
      await waitForRows(page, 1);
      await page.getByRole('row', { name: new RegExp(placed.paid.orderNumber) }).click();
      const drawer = page.getByRole('dialog', { name: `Order ${placed.paid.orderNumber}` });
      await drawer.waitFor();
      await drawer.getByRole('cell', { name: vitaminName }).waitFor();
      const totals = drawer.getByRole('region', { name: 'Totals' });
      expect(await totals.textContent()).toContain(formatUsd(placed.paid.totalCents));
      for (const section of ['Patient', 'Items', 'Payments', 'Shipping', 'Pharmacy']) {
        await drawer.getByRole('region', { name: section }).waitFor();
      }
      await drawer.getByRole('region', { name: 'Doctor and visit' }).waitFor();
      await drawer.getByRole('region', { name: 'Status history' }).waitFor();
      expect(await drawer.getByText(`Visa •••• 4242`).count()).toBe(1);
      // An agent may reorder, resend and cancel a paid order, never refund it.
      const actions = drawer.getByRole('group', { name: 'Order actions' });
      expect((await actions.getByRole('button').allTextContents()).map((t) => t.trim())).toEqual([
        'Reorder',
        'Resend receipt',
        'Cancel order',
      ]);
      await animationsDone(page);
      await screenshot(page, 'console-order-detail');

      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Orders',
      );
    } finally {
      await context.close();
    }
  });

  it('sorts by a header click and filters by status and product, kept in the address', async () => {
    const { context, page } = await openLookup();
    try {
      await search(page, phoneDigits);
      await waitForRows(page, 4);
      const grid = page.getByRole('grid', { name: 'Orders' });
      const totalHeader = grid.getByRole('columnheader', { name: /Total/ });

      await totalHeader.getByRole('button').click();
      await page.waitForFunction(() => location.hash.includes('sort=total'));
      await waitForSort(page, 'Total', 'descending');
      await waitForRows(page, 4);
      const cents = (rows: string[][], headers: string[]) =>
        column(headers, rows, 'Total').map((text) =>
          Math.round(Number(text.replace('$', '')) * 100),
        );
      let headers = await gridHeaders(page, 'Orders');
      const desc = cents(await gridRowTexts(page, 'Orders'), headers);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      expect(desc).toEqual(
        Object.values(placed)
          .map((p) => p.totalCents)
          .sort((a, b) => b - a),
      );

      // By keyboard too: the header is a button.
      await totalHeader.getByRole('button').focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => location.hash.includes('dir=asc'));
      await waitForSort(page, 'Total', 'ascending');
      await waitForRows(page, 4);
      headers = await gridHeaders(page, 'Orders');
      const asc = cents(await gridRowTexts(page, 'Orders'), headers);
      expect(asc).toEqual([...desc].reverse());

      const status = page.getByRole('combobox', { name: 'Status' });
      await status.click();
      await pickOption(page, 'Shipped');
      await pickOption(page, 'Delivered');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => location.hash.includes('status='));
      await waitForRows(page, 2);
      headers = await gridHeaders(page, 'Orders');
      const filtered = await gridRowTexts(page, 'Orders');
      expect(new Set(column(headers, filtered, 'Status'))).toEqual(
        new Set(['Shipped', 'Delivered']),
      );

      // The address alone rebuilds the same lookup (a bookmark, a pasted link, a reload).
      await page.reload();
      await waitForRows(page, 2);
      expect(await page.getByRole('searchbox', { name: 'Search orders' }).inputValue()).toBe(
        phoneDigits,
      );
      expect(await totalHeader.getAttribute('aria-sort')).toBe('ascending');

      // The product filter, from the catalog.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await waitForRows(page, 4);
      await page.getByRole('combobox', { name: 'Product' }).click();
      await pickOption(page, vitaminName);
      await page.waitForFunction(() => location.hash.includes('productId='));
      await waitForRows(page, 1);
      headers = await gridHeaders(page, 'Orders');
      const byProduct = await gridRowTexts(page, 'Orders');
      expect(column(headers, byProduct, 'Order')).toEqual([placed.paid.orderNumber]);
    } finally {
      await context.close();
    }
  });

  it('exports a CSV whose rows are the filtered rows', async () => {
    const { context, page } = await openLookup();
    try {
      await page.goto(
        `${e2e.url}/console/#/orders?q=${phoneDigits}&status=delivered,shipped&sort=total&dir=asc`,
      );
      await waitForRows(page, 2);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const text = await readFile((await download.path()) as string, 'utf8');
      const csv = Papa.parse<Record<string, string>>(text.trim(), { header: true });
      expect(csv.data.map((row) => row['Order number'])).toEqual(
        [placed.shipped, placed.delivered]
          .sort((a, b) => a.totalCents - b.totalCents)
          .map((p) => p.orderNumber),
      );
      expect(new Set(csv.data.map((row) => row.Status))).toEqual(new Set(['shipped', 'delivered']));
      expect(new Set(csv.data.map((row) => row.Phone))).toEqual(new Set([phoneDigits]));
    } finally {
      await context.close();
    }
  });

  it('moves through the rows with the arrow keys and opens one with Enter', async () => {
    const { context, page } = await openLookup();
    try {
      await search(page, phoneDigits);
      const grid = await waitForRows(page, 4);
      // Focus makes the first row active; one arrow down is the second row.
      await grid.focus();
      await page.keyboard.press('ArrowDown');
      const active = await grid.getAttribute('aria-activedescendant');
      expect(await page.locator(`[id="${active}"]`).getAttribute('aria-rowindex')).toBe('3');
      await page.keyboard.press('Enter');
      // Newest first: the second row is the delivered order.
      await page.getByRole('dialog', { name: `Order ${placed.delivered.orderNumber}` }).waitFor();
      expect(page.url()).toContain(`q=${phoneDigits}`);
    } finally {
      await context.close();
    }
  });

  it('hides a column from the column chooser and remembers it', async () => {
    const { context, page } = await openLookup();
    try {
      await search(page, phoneDigits);
      await waitForRows(page, 4);
      expect(await gridHeaders(page, 'Orders')).toContain('Email');
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('checkbox', { name: 'Email' }).uncheck();
      await page.getByRole('checkbox', { name: 'Date of birth' }).check();
      await page.keyboard.press('Escape');
      let headers = await gridHeaders(page, 'Orders');
      expect(headers).not.toContain('Email');
      expect(headers).toContain('Date of birth');
      const rows = await gridRowTexts(page, 'Orders');
      expect(new Set(column(headers, rows, 'Date of birth'))).toEqual(new Set(['03/21/1958']));

      await page.reload();
      await waitForRows(page, 4);
      headers = await gridHeaders(page, 'Orders');
      expect(headers).not.toContain('Email');
      expect(headers).toContain('Date of birth');
    } finally {
      await context.close();
    }
  });

  it('saves a view, applies it later and deletes it', async () => {
    const { context, page } = await openLookup();
    try {
      await page.goto(`${e2e.url}/console/#/orders?q=${phoneDigits}&status=paid`);
      await waitForRows(page, 1);
      await page.getByRole('button', { name: 'Save view' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save this view' });
      await dialog.waitFor();
      await animationsDone(page);
      await dialog.getByLabel('Name').fill(`Paid for ${lastName}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.goto(`${e2e.url}/console/#/orders`);
      await page.getByRole('heading', { name: 'Orders' }).waitFor();
      await page.getByRole('combobox', { name: 'Saved views' }).click();
      await pickOption(page, `Paid for ${lastName}`);
      await waitForRows(page, 1);
      const rows = await gridRowTexts(page, 'Orders');
      expect(rows[0]?.[0]).toBe(placed.paid.orderNumber);
      expect(page.url()).toContain('status=paid');

      // The same name again is refused with the server's message, on the field.
      await page.getByRole('button', { name: 'Save view' }).click();
      await dialog.waitFor();
      await animationsDone(page);
      await dialog.getByLabel('Name').fill(`Paid for ${lastName}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('You already have a view with this name.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Delete view' }).click();
      await page.getByRole('button', { name: 'Delete', exact: true }).waitFor();
      await animationsDone(page);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('The view was deleted.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('lets an agent cancel and an admin refund, with the status updated in the list', async () => {
    const agent = await openLookup();
    try {
      await search(agent.page, placed.approved.orderNumber);
      await waitForRows(agent.page, 1);
      await agent.page.getByRole('row', { name: new RegExp(placed.approved.orderNumber) }).click();
      const drawer = agent.page.getByRole('dialog', {
        name: `Order ${placed.approved.orderNumber}`,
      });
      await drawer.waitFor();
      await animationsDone(agent.page);
      await drawer.getByRole('button', { name: 'Cancel order' }).click();
      const confirm = agent.page.getByRole('dialog', { name: 'Cancel order' });
      await confirm.waitFor();
      await animationsDone(agent.page);
      await confirm.getByRole('button', { name: 'Cancel order' }).click();
      await confirm.getByText('Please give a reason.').waitFor();
      await confirm.getByLabel('Reason').fill('Patient called to cancel');
      await confirm.getByRole('button', { name: 'Cancel order' }).click();
      await agent.page.getByText('The order was cancelled.').waitFor();
      await drawer.getByRole('region', { name: 'Status history' }).getByText('Cancelled').waitFor();
      const row = agent.page.getByRole('row', { name: new RegExp(placed.approved.orderNumber) });
      await row.getByText('Cancelled').waitFor();
    } finally {
      await agent.context.close();
    }

    const admin = await openLookup(demo.admin);
    try {
      await search(admin.page, placed.delivered.orderNumber);
      await waitForRows(admin.page, 1);
      await admin.page.getByRole('row', { name: new RegExp(placed.delivered.orderNumber) }).click();
      const drawer = admin.page.getByRole('dialog', {
        name: `Order ${placed.delivered.orderNumber}`,
      });
      await drawer.waitFor();
      await animationsDone(admin.page);
      await drawer.getByRole('button', { name: 'Refund' }).click();
      const confirm = admin.page.getByRole('dialog', { name: 'Refund' });
      await confirm.getByLabel('Reason').fill('Damaged in shipping');
      await animationsDone(admin.page);
      await screenshot(admin.page, 'console-order-refund');
      await confirm.getByRole('button', { name: 'Refund' }).click();
      await admin.page.getByText('The refund was made.').waitFor();
      await drawer.getByRole('region', { name: 'Payments' }).getByText('refunded').waitFor();
      await admin.page
        .getByRole('row', { name: new RegExp(placed.delivered.orderNumber) })
        .getByText('Refunded')
        .waitFor();
    } finally {
      await admin.context.close();
    }
  });

  it("an admin reads the agent's lookups in the audit log", async () => {
    const { context, page } = await openLookup(demo.admin);
    try {
      const nav = page.getByRole('navigation', { name: 'Console' });
      await nav.getByRole('menuitem', { name: 'Audit log' }).click();
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      const action = page.getByRole('combobox', { name: 'Action' });
      await action.fill('staff.orders.search');
      await action.press('Enter');
      await page.waitForFunction(() => location.hash.includes('action=staff.orders.search'));
      await waitForGridIdle(page, 'Audit log');
      const grid = page.getByRole('grid', { name: 'Audit log' });
      // The agent searched by phone earlier: recorded with the field searched, never the text.
      const agentRow = grid
        .getByRole('row', { name: /Alex Morgan/ })
        .filter({ hasText: '"searchedFields":["phone"]' })
        .first();
      await agentRow.waitFor();
      const text = (await agentRow.textContent()) ?? '';
      expect(text).toContain('staff.orders.search');
      expect(text).toContain('agent');
      const everything = (await grid.locator('tbody').textContent()) ?? '';
      expect(everything).not.toContain(phoneDigits);
      expect(everything).not.toContain(lastName);

      // A name filters the log to that person.
      await agentRow.getByRole('button', { name: 'Alex Morgan' }).click();
      await page.waitForFunction(() => location.hash.includes('actor='));
      await page.getByText('Actor: Alex Morgan').waitFor();
      await waitForGridIdle(page, 'Audit log');
      const actors = await grid
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent));
      expect(new Set(actors)).toEqual(new Set(['Alex Morgan · agent']));
      await screenshot(page, 'console-audit');
    } finally {
      await context.close();
    }
  });
});
