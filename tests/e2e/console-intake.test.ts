import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { documents } from '../../server/db/schema/records';
import { validationMessages } from '../../shared/errors/messages';
import { MAX_UPLOAD_BYTES } from '../../shared/validation/uploads';
import { jpegBytes, pdfBytes, pngBytes } from '../api/helpers/sample-files';
import { createUser, demo } from '../api/helpers/users';
import { newPage, screenshot, viewports } from './helpers/browser';
import { signInToConsole } from './helpers/console-session';
import { type E2eApp, startE2e } from './helpers/e2e-app';

/**
 * ECP intake in the console (issue 5), in Chromium against the real server: the spec's
 * validation messages on the fields with nothing sent, one patient registered, a CSV import
 * with one bad row, and an ECP that sees only its own patients.
 */
let e2e: E2eApp;

async function ecpIdOf(email: string): Promise<string> {
  const [row] = await e2e.app.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function usersByEmail(email: string) {
  return e2e.app.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
}

/** Fills the intake form's fields (the date of birth is typed, as a keyboard user would). */
async function fillPatient(
  page: Page,
  patient: { firstName: string; lastName: string; email: string; phone: string; dob?: string },
) {
  await page.getByLabel('First name').fill(patient.firstName);
  await page.getByLabel('Last name').fill(patient.lastName);
  await page.getByLabel('Email').fill(patient.email);
  await page.getByLabel('Phone number').fill(patient.phone);
  if (patient.dob) {
    await page.getByLabel('Date of birth').fill(patient.dob);
    await page.getByLabel('Date of birth').press('Tab');
  }
}

beforeAll(async () => {
  e2e = await startE2e();
});

afterAll(async () => {
  await e2e?.close();
});

describe('ECP intake', () => {
  it('refuses invalid input on the fields without a request, then registers one patient', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/staff/intake/')) {
        posts.push(request.url());
      }
    });
    try {
      await signInToConsole(page, e2e.url, demo.ecp);
      await page.getByRole('tab', { name: 'Register a patient' }).waitFor();

      await fillPatient(page, {
        firstName: 'A',
        lastName: 'B',
        email: 'not-an-email',
        phone: '555-01',
      });
      await page.getByRole('button', { name: 'Register patient' }).click();
      for (const message of [
        validationMessages.firstNameError,
        validationMessages.lastNameError,
        validationMessages.emailError,
        validationMessages.phoneNumberError,
      ]) {
        await page.getByText(message, { exact: true }).waitFor();
      }
      expect(posts).toEqual([]);
      await screenshot(page, 'console-intake-single-errors');

      const email = `ines.${randomUUID().slice(0, 8)}@example.test`;
      await fillPatient(page, {
        firstName: 'Inès',
        lastName: 'Castellano',
        email,
        phone: '(512) 555-0163',
        dob: '03/14/1988',
      });
      // Two documents to attach; a disguised one is refused here, before anything is sent.
      await page.getByLabel('Choose documents to attach').setInputFiles([
        { name: 'prescription.pdf', mimeType: 'application/pdf', buffer: pdfBytes() },
        { name: 'insurance card.png', mimeType: 'image/png', buffer: pngBytes },
        { name: 'old scan.jpg', mimeType: 'image/jpeg', buffer: jpegBytes() },
        {
          name: 'huge.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1),
        },
      ]);
      await page.getByText(`huge.pdf: ${validationMessages.fileTooLargeError}`).waitFor();
      const toAttach = page.getByRole('list', { name: 'Documents to attach' });
      await toAttach.getByText('prescription.pdf').waitFor();
      await toAttach.getByText('insurance card.png').waitFor();
      // One chosen by mistake is taken off the list before anything is sent.
      await toAttach.getByRole('button', { name: 'Remove old scan.jpg' }).click();
      await toAttach.getByText('old scan.jpg').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Register patient' }).click();
      await page.getByText('Inès Castellano is registered.').waitFor();
      await page.getByText('2 documents attached.').waitFor();
      expect(posts).toHaveLength(3);
      // The emptied form shows no message left from the first try.
      await page.locator('.ant-form-item-explain-error').first().waitFor({ state: 'detached' });
      await screenshot(page, 'console-intake-single');

      const [created] = await usersByEmail(email);
      expect(created?.registeredByEcpId).toBe(await ecpIdOf(demo.ecp.email));
      const attached = await e2e.app.database.db
        .select()
        .from(documents)
        .where(eq(documents.userId, created?.id ?? ''));
      expect(attached.map((d) => d.name).sort()).toEqual([
        'insurance card.png',
        'prescription.pdf',
      ]);
      expect(created?.phone).toBe('5125550163');
      expect(created?.dateOfBirth).toBe('1988-03-14');

      await page.getByRole('tab', { name: 'My patients' }).click();
      const row = page.getByRole('row', { name: /Inès Castellano/ });
      await row.waitFor();
      expect(await row.textContent()).toContain('invited');
    } finally {
      await context.close();
    }
  });

  it('imports a CSV file with one bad row: the good rows are created, the bad one refused with its reason', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await signInToConsole(page, e2e.url, demo.ecp);
      await page.getByRole('tab', { name: 'Import from CSV' }).click();
      const tag = randomUUID().slice(0, 8);
      const good1 = `oluwaseun.${tag}@example.test`;
      const good2 = `henrietta.${tag}@example.test`;
      const bad = `broken.${tag}-at-example.test`;
      const csv = [
        'firstName,lastName,email,phoneNumber,dateOfBirth',
        `Oluwaseun,Adeyemi,${good1},512-555-0101,1975-02-20`,
        `Henrietta,Lindqvist,${good2},(512) 555-0102,`,
        `Broken,Row,${bad},512-555-0103,1990-01-01`,
      ].join('\n');
      // The CSV drop zone's input (the register tab has its own, for attachments).
      await page
        .locator('.ant-upload input[type=file]')
        .setInputFiles({ name: 'patients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText('patients.csv: 3 rows').waitFor();
      await page.getByRole('button', { name: 'Import patients' }).click();

      await page.getByText('2 created, 1 refused').waitFor();
      const report = page.getByRole('grid', { name: 'Import report' });
      const refused = report.getByRole('row', { name: new RegExp(bad) });
      expect(await refused.textContent()).toContain('refused');
      expect(await refused.textContent()).toContain(validationMessages.emailError);
      for (const email of [good1, good2]) {
        expect(await report.getByRole('row', { name: new RegExp(email) }).textContent()).toContain(
          'created',
        );
      }
      await screenshot(page, 'console-intake-import-report');

      const ecpId = await ecpIdOf(demo.ecp.email);
      for (const email of [good1, good2]) {
        const [row] = await usersByEmail(email);
        expect(row?.registeredByEcpId).toBe(ecpId);
      }
      expect(await usersByEmail(bad)).toHaveLength(0);

      await page.getByRole('tab', { name: 'My patients' }).click();
      await page.getByRole('row', { name: /Oluwaseun Adeyemi/ }).waitFor();
      await page.getByRole('row', { name: /Henrietta Lindqvist/ }).waitFor();
      await screenshot(page, 'console-intake-my-patients');
    } finally {
      await context.close();
    }
  });

  it("an ECP does not see another ECP's patients", async () => {
    const other = await createUser(e2e.app, { role: 'ecp' });
    const tag = randomUUID().slice(0, 8);
    const mine = { firstName: 'Theodora', lastName: `Mine${tag}` };
    const theirs = { firstName: 'Bartholomew', lastName: `Theirs${tag}` };

    const register = async (
      account: { email: string; password: string },
      who: { firstName: string; lastName: string },
    ) => {
      const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
      try {
        await signInToConsole(page, e2e.url, account);
        await page.getByRole('tab', { name: 'Register a patient' }).waitFor();
        await fillPatient(page, {
          ...who,
          email: `${who.lastName.toLowerCase()}@example.test`,
          phone: '5125550177',
        });
        await page.getByRole('button', { name: 'Register patient' }).click();
        await page.getByText(`${who.firstName} ${who.lastName} is registered.`).waitFor();
      } catch (error) {
        await screenshot(page, 'console-intake-failure');
        throw error;
      } finally {
        await context.close();
      }
    };
    await register(demo.ecp, mine);
    await register({ email: other.email, password: other.password }, theirs);

    const listOf = async (account: { email: string; password: string }) => {
      const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
      try {
        await signInToConsole(page, e2e.url, account);
        await page.getByRole('tab', { name: 'My patients' }).click();
        const table = page.getByRole('grid', { name: 'My patients' });
        await table.getByRole('row').nth(1).waitFor();
        return (await table.textContent()) ?? '';
      } finally {
        await context.close();
      }
    };
    const demoList = await listOf(demo.ecp);
    expect(demoList).toContain(mine.lastName);
    expect(demoList).not.toContain(theirs.lastName);
    const otherList = await listOf({ email: other.email, password: other.password });
    expect(otherList).toContain(theirs.lastName);
    expect(otherList).not.toContain(mine.lastName);
  });
});
