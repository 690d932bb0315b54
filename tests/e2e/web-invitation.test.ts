import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, validationMessages } from '../../shared/errors/messages';
import { call } from '../api/helpers/http';
import { demo, tokenFor } from '../api/helpers/users';
import { checkAtEveryWidth } from './helpers/axe';
import { newPage } from './helpers/browser';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { recordApiCalls, waitForMessage } from './web-shop-helpers';

/**
 * An ECP's invitation (issue 14, item 2): the emailed link opens a page that names the ECP,
 * takes the invited email and a password, and lands the patient in their account; opened
 * again, it says it was used and offers a passcode sign-in.
 */
let e2e: E2eApp;
let ecpToken: string;

beforeAll(async () => {
  e2e = await startE2e();
  ecpToken = await tokenFor(e2e.app, demo.ecp.email, demo.ecp.password);
});
afterAll(async () => {
  await e2e?.close();
});

/** The ECP invites a patient; the invitation's link as the email gives it (path and query). */
async function invitedPatient() {
  const email = `invited-${randomUUID()}@example.test`;
  const res = await call(e2e.url, 'POST', '/api/staff/intake/patients', {
    token: ecpToken,
    json: {
      firstName: 'Jordan',
      lastName: 'Rivers',
      email,
      phoneNumber: '5035550142',
      dateOfBirth: '1980-02-03',
    },
  });
  expect(res.status).toBe(201);
  const match = await waitForMessage(
    e2e.url,
    email,
    /https?:\/\/[^/\s]+(\/register\?peopleId=[\w-]+)/,
  );
  return { email, link: match[1] ?? '' };
}

describe('an ECP invitation', () => {
  it('names the ECP, sets a password and lands in the account; used again it says so', async () => {
    const { email, link } = await invitedPatient();
    const { context, page } = await newPage(e2e.browser, e2e.url);
    try {
      await page.goto(link);
      await page.getByRole('heading', { name: 'Welcome, Jordan' }).waitFor();
      const prescriber = page.getByRole('region', { name: 'Your eye care professional' });
      await prescriber.getByText('Clearview Eye Care').waitFor();
      expect(await prescriber.innerText()).toContain('1528460037');
      expect(await prescriber.innerText()).toContain('(555) 555-0103');
      await checkAtEveryWidth(page, 'web-invitation');

      // Bad input: the spec's messages, nothing sent.
      const api = recordApiCalls(page);
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Choose a password').fill('short');
      await page.getByRole('button', { name: 'CREATE MY ACCOUNT' }).click();
      await page.getByText(validationMessages.emailError).waitFor();
      await page.getByText(validationMessages.passwordError).waitFor();
      expect(api.to('RegisterIntakeByEmail')).toEqual([]);

      // Another address than the invited one.
      await page.getByLabel('Email').fill('someone-else@example.test');
      await page.getByLabel('Choose a password').fill('Invited#2026');
      await page.getByRole('button', { name: 'CREATE MY ACCOUNT' }).click();
      await page.getByText(validationMessages.intakeEmailError).waitFor();

      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'CREATE MY ACCOUNT' }).click();
      await page.waitForURL(`${e2e.url}/my-account`);
      await page.getByRole('heading', { name: 'Welcome back, Jordan' }).waitFor();
      // The new password signs in.
      expect(
        (
          await call(e2e.url, 'POST', '/api/auth/AccessTokenSfrw', {
            form: { username: email, password: 'Invited#2026', companyid: '132' },
          })
        ).status,
      ).toBe(200);
    } finally {
      await context.close();
    }

    const again = await newPage(e2e.browser, e2e.url);
    try {
      await again.page.goto(link);
      await again.page.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
      await again.page.getByText(messages.invitationUsed).waitFor();
      await checkAtEveryWidth(again.page, 'web-invitation-used');
      await again.page.getByRole('button', { name: 'SIGN IN WITH A PASSCODE' }).click();
      await again.page.getByRole('dialog', { name: 'Sign in with a passcode' }).waitFor();
    } finally {
      await again.context.close();
    }
  });
});
