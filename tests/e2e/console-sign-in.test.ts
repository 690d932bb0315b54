import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, users } from '../../server/db/schema/identity';
import { messages, validationMessages } from '../../shared/errors/messages';
import { demo } from '../api/helpers/users';
import { animationsDone, newPage, screenshot, viewports } from './helpers/browser';
import { signInToConsole } from './helpers/console-session';
import { type E2eApp, startE2e } from './helpers/e2e-app';

/**
 * Staff sign-in to the console (issue 5) in Chromium against the real server: the spec's
 * messages, a patient refused (and its token revoked), the menu of each role, a session that
 * ends on the server, and the idle sign-out of DESIGN §6 (on Playwright's fake clock).
 */
let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2e();
});

afterAll(async () => {
  await e2e?.close();
});

async function openSignIn() {
  const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
  await page.goto(`${e2e.url}/console/`);
  await page.getByRole('heading', { name: 'Storefront console' }).waitFor();
  return { context, page };
}

async function activeTokensOf(email: string): Promise<number> {
  const [user] = await e2e.app.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const rows = await e2e.app.database.db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.userId, user.id), isNull(authTokens.revokedAt)));
  return rows.length;
}

describe('console sign-in', () => {
  it('shows the spec messages for a bad email and for a wrong password', async () => {
    const { context, page } = await openSignIn();
    try {
      await screenshot(page, 'console-sign-in');
      await page.getByLabel('Email').fill('agent@demo');
      await page.getByLabel('Password').fill('whatever');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText(validationMessages.emailError).waitFor();

      await page.getByLabel('Email').fill(demo.agent.email);
      await page.getByLabel('Password').fill('Wrong#Password1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'combination' });
      await alert.waitFor();
      expect((await alert.textContent())?.trim()).toBe(messages.wrongCredentials);
      await screenshot(page, 'console-sign-in-wrong-password');
      // Still signed out.
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('refuses a patient and revokes the token the patient earned', async () => {
    const before = await activeTokensOf(demo.patient.email);
    const { context, page } = await openSignIn();
    try {
      await page.getByLabel('Email').fill(demo.patient.email);
      await page.getByLabel('Password').fill(demo.patient.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'This console is for staff accounts.' })
        .waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      expect(await activeTokensOf(demo.patient.email)).toBe(before);
    } finally {
      await context.close();
    }
  });

  it('gives each role its own menu, keeps the token in session storage only', async () => {
    const menus: Record<string, string[]> = {};
    for (const [role, account] of [
      ['agent', demo.agent],
      ['ecp', demo.ecp],
      ['admin', demo.admin],
    ] as const) {
      const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
      try {
        await signInToConsole(page, e2e.url, account);
        const nav = page.getByRole('navigation', { name: 'Console' });
        menus[role] = (await nav.getByRole('menuitem').allTextContents()).map((t) => t.trim());
        expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
        if (role === 'agent') {
          // An address the role may not open lands on its home.
          await page.goto(`${e2e.url}/console/#/audit`);
          await page.getByRole('heading', { name: 'Orders' }).waitFor();
          expect(page.url()).toMatch(/#\/orders/);
        }
      } finally {
        await context.close();
      }
    }
    expect(menus.agent).toEqual(['Orders', 'Patients', 'Phone order']);
    expect(menus.ecp).toEqual(['My patients']);
    expect(menus.admin).toEqual(['Orders', 'Patients', 'Audit log']);
  });

  it('reaches the menu and the page by keyboard, with a skip link first', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await signInToConsole(page, e2e.url, demo.agent);
      await page.getByRole('heading', { name: 'Orders' }).waitFor();
      await page.locator('body').focus();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('button', { name: 'Skip to main content' });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

      // Into the menu: Tab past the skip link, then arrows and Enter open a section.
      await skip.focus();
      await page.keyboard.press('Tab');
      const focusedInMenu = await page.evaluate(
        () => document.activeElement?.closest('nav[aria-label="Console"]') !== null,
      );
      expect(focusedInMenu).toBe(true);
      // The first arrow lands on Orders, the next on Patients (the menu moves its focus
      // asynchronously: each key waits for the previous one's focus).
      const focusedItem = () =>
        page.evaluate(() =>
          document.activeElement?.closest('[role="menuitem"]')?.textContent?.trim(),
        );
      await page.keyboard.press('ArrowDown');
      await expect.poll(focusedItem).toBe('Orders');
      await page.keyboard.press('ArrowDown');
      await expect.poll(focusedItem).toBe('Patients');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => location.hash.startsWith('#/patients'));
    } finally {
      await context.close();
    }
  });

  it('says the session has ended when the server no longer knows the token', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await signInToConsole(page, e2e.url, demo.agent);
      await page.getByRole('heading', { name: 'Orders' }).waitFor();
      const token = await page.evaluate(() => sessionStorage.getItem('token'));
      // Revoked elsewhere (another sign-out, an admin): the next call answers 401.
      await fetch(`${e2e.url}/api/auth/LogoutSfrw`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByText('Your session has ended. Please sign in again.').waitFor();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('warns after 14 idle minutes and signs out after 15', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await page.clock.install();
      await signInToConsole(page, e2e.url, demo.agent);
      await page.getByRole('heading', { name: 'Orders' }).waitFor();

      await page.clock.fastForward('14:01');
      const warning = page
        .getByRole('dialog')
        .filter({ hasText: 'You will be signed out in 60 seconds' });
      await warning.waitFor();
      await animationsDone(page);
      await screenshot(page, 'console-idle-warning');
      await warning.getByRole('button', { name: 'Stay signed in' }).click();
      await warning.waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);

      await page.clock.fastForward('15:01');
      await page
        .getByText('You were signed out after 15 minutes without activity.', { exact: false })
        .waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('signs out on request and revokes the token', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      const before = await activeTokensOf(demo.admin.email);
      await signInToConsole(page, e2e.url, demo.admin);
      expect(await activeTokensOf(demo.admin.email)).toBe(before + 1);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await activeTokensOf(demo.admin.email)).toBe(before);
    } finally {
      await context.close();
    }
  });
});
