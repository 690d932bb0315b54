import type { Route } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/errors/messages';
import { checkAtEveryWidth } from './helpers/axe';
import { newPage, viewports } from './helpers/browser';
import { type E2eApp, startE2e } from './helpers/e2e-app';

/**
 * A page whose code cannot be fetched (the connection dropped, or a new release replaced the
 * files the tab was opened with) says so inside the storefront's layout, in spec §8's words,
 * and TRY AGAIN loads it afresh; before, React Router's bare default error screen showed.
 */
let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(async () => {
  await e2e?.close();
});

describe('a page that cannot load', () => {
  it('shows the connection error in the layout, and TRY AGAIN loads the page', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.phone);
    try {
      const registerChunk = /\/assets\/register-page-[^/]+\.js$/;
      const refuse = (route: Route) => route.abort('failed');
      await page.route(registerChunk, refuse);
      await page.goto('/register');

      const alert = page.getByRole('alert').filter({ hasText: 'This page did not load' });
      await expect.poll(() => alert.isVisible(), { timeout: 20_000 }).toBe(true);
      const text = await alert.innerText();
      expect(text).toContain(messages.connectionError);
      expect(text).toContain(messages.contactSupport);
      // The storefront's header stays around it.
      expect(await page.getByRole('banner').isVisible()).toBe(true);
      await checkAtEveryWidth(page, 'web-route-error');

      await page.unroute(registerChunk, refuse);
      await alert.getByRole('button', { name: 'TRY AGAIN' }).click();
      const heading = page.getByRole('heading', { name: 'Create your account' });
      await expect.poll(() => heading.isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await page.getByText('This page did not load').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
