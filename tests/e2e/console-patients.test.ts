import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { addresses, autoRefills } from '../../server/db/schema/orders';
import { auditLog } from '../../server/db/schema/platform';
import { productBySku } from '../api/helpers/catalog';
import { placedOrder, savedCard, testAddress } from '../api/helpers/placed-orders';
import { createUser, demo } from '../api/helpers/users';
import { newPage, screenshot, viewports } from './helpers/browser';
import { signInToConsole, waitForGridIdle } from './helpers/console-session';
import { type E2eApp, startE2e } from './helpers/e2e-app';

/**
 * The console's patients (issue 5), in Chromium against the real server: an agent searches
 * by name and by phone, opens the patient and reads every tab; the card shows only its last
 * four digits, and the view is written to the audit log.
 */
let e2e: E2eApp;
let patient: Awaited<ReturnType<typeof createUser>>;
const lastName = `Quillfeather${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  e2e = await startE2e();
  const t = e2e.app;
  patient = await createUser(t, {
    email: `marguerite.${randomUUID().slice(0, 8)}@example.test`,
    phone: '5035550147',
  });
  await t.database.db
    .update(users)
    .set({ firstName: 'Marguerite', lastName, dateOfBirth: '1961-07-04' })
    .where(eq(users.id, patient.id));
  const card = await savedCard(t, patient.id);
  await t.database.db.insert(addresses).values({ userId: patient.id, ...testAddress });
  await placedOrder(t, patient.id, { cardId: card.id, status: 'shipped' });
  await placedOrder(t, patient.id, {
    cardId: card.id,
    items: [{ sku: 'OTC-EYE-DROPS', qty: 2 }],
    status: 'paid',
  });
});

afterAll(async () => {
  await e2e?.close();
});

describe('console patients', () => {
  it('an agent finds a patient by name, date of birth and phone and opens the patient view', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await signInToConsole(page, e2e.url, demo.agent);
      await page.getByRole('link', { name: 'Patients' }).click();
      const search = page.getByRole('searchbox', { name: 'Search patients' });
      await search.fill(lastName);
      await search.press('Enter');
      const row = page.getByRole('row', { name: new RegExp(lastName) });
      await row.waitFor();
      expect(await row.textContent()).toContain('(503) 555-0147');
      expect(await row.textContent()).toContain('07/04/1961');
      await screenshot(page, 'console-patients-list');

      // By date of birth, as a caller says it (MM/DD/YYYY).
      await search.fill('07/04/1961');
      await search.press('Enter');
      await page.waitForURL(/q=07%2F04%2F1961/);
      await waitForGridIdle(page, 'Patients');
      await page.getByRole('row', { name: new RegExp(lastName) }).waitFor();

      // By phone, typed the way a caller reads it.
      await search.fill('503-555-0147');
      await search.press('Enter');
      await page.waitForURL(/q=503-555-0147/);
      await waitForGridIdle(page, 'Patients');
      await page.getByRole('row', { name: new RegExp(lastName) }).waitFor();

      await page.getByRole('row', { name: new RegExp(lastName) }).click();
      await page.getByRole('heading', { name: `Marguerite ${lastName}` }).waitFor();
      await page.getByRole('tab', { name: /Orders/ }).waitFor();
      expect(await page.getByRole('tabpanel').getByRole('row').count()).toBe(3);
      await page.getByRole('button', { name: 'New phone order' }).waitFor();
      await screenshot(page, 'console-patient-view');

      await page.getByRole('tab', { name: /Cards/ }).click();
      const cardRow = page.getByRole('tabpanel').getByRole('row', { name: /4242/ });
      await cardRow.waitFor();
      expect(await cardRow.textContent()).toMatch(/•••• 4242/);
      expect(await page.content()).not.toContain('4242424242424242');

      await page.getByRole('tab', { name: /Addresses/ }).click();
      await page
        .getByRole('tabpanel')
        .getByText(/1 Main St, Portland, OR 97201/)
        .waitFor();
      for (const tab of [/Auto-refills/, /Visits/, /Documents/]) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tabpanel').waitFor();
      }

      const views = await e2e.app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'staff.patients.view'), eq(auditLog.subject, patient.id)));
      expect(views.length).toBeGreaterThanOrEqual(1);
    } finally {
      await context.close();
    }
  });

  it("an agent pauses and stops a caller's auto-refill (audited) and sees who registered the patient", async () => {
    const t = e2e.app;
    const ecp = await createUser(t, { role: 'ecp' });
    await t.database.db
      .update(users)
      .set({ practiceName: 'Lakeside Vision', npi: '1528460037' })
      .where(eq(users.id, ecp.id));
    const caller = await createUser(t, { email: `caller-${randomUUID()}@example.test` });
    await t.database.db
      .update(users)
      .set({ registeredByEcpId: ecp.id })
      .where(eq(users.id, caller.id));
    const card = await savedCard(t, caller.id);
    const order = await placedOrder(t, caller.id, {
      cardId: card.id,
      items: [{ sku: 'RX-LATANOPROST', qty: 1 }],
      status: 'in-review',
      paidAt: new Date(),
    });
    const product = await productBySku(t, 'RX-LATANOPROST');
    const [refill] = await t.database.db
      .insert(autoRefills)
      .values({
        userId: caller.id,
        sourceOrderId: order.id,
        productId: product.id,
        qty: 1,
        intervalDays: 30,
        nextRunAt: new Date(Date.now() + 86_400_000),
        cardId: card.id,
      })
      .returning();
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await signInToConsole(page, e2e.url, demo.agent);
      await page.goto(`${e2e.url}/console/#/patients/${caller.id}?tab=auto-refills`);
      await page.getByText('Lakeside Vision').waitFor();
      const row = page.getByRole('tabpanel').getByRole('row', { name: /Latanoprost/ });
      await row.getByRole('button', { name: 'Pause' }).click();
      await row.getByText('Paused').waitFor();
      await row.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('button', { name: 'Stop', exact: true }).last().click();
      await row.getByText('Stopped').waitFor();
      await screenshot(page, 'console-patient-refills');
      const [stopped] = await t.database.db
        .select()
        .from(autoRefills)
        .where(eq(autoRefills.id, refill?.id ?? ''));
      expect(stopped?.active).toBe(false);
      const audited = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `auto-refill:${refill?.id}`));
      expect(audited.map((a) => a.action).sort()).toEqual([
        'auto-refill.deactivated',
        'auto-refill.paused',
      ]);
    } finally {
      await context.close();
    }
  });
});
