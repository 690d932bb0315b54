import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heroTextOf } from '../../shared/theme/home-text';
import { defaultThemeConfig } from '../../shared/theme/theme-defaults';
import { newPage, screenshot, viewports } from './helpers/browser';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { openHome } from './web-shop-helpers';

/**
 * The home page's first HTML carries the top of the page (server/modules/web-shell): a phone
 * paints it before the app's scripts have loaded, and the app draws the same in its place
 * without anything on the screen moving.
 */
let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2e();
});

afterAll(async () => {
  await e2e?.close();
});

const storefrontName = 'Evergreen Health';
const lead = heroTextOf({ ...defaultThemeConfig, storeFrontName: storefrontName }).description;

type Box = { x: number; y: number; width: number; height: number };

/** Where the hero's title, text and the banner are on the screen. */
async function heroBoxes(page: Page): Promise<Box[]> {
  const boxes = [];
  for (const locator of [
    page.getByRole('heading', { level: 1, name: storefrontName }),
    page.getByText(lead),
    page.locator('.incentive-banner'),
  ]) {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not on the screen');
    boxes.push(box);
  }
  return boxes;
}

/** The home page as it is before any script runs. */
async function withoutScripts(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: e2e.url,
    viewport,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto('/');
  return { context, page };
}

describe('the home page before its scripts run', () => {
  it.each(Object.entries(viewports))(
    'shows the storefront name, the hero and the banner where the app draws them (%s)',
    async (name, viewport) => {
      const first = await withoutScripts(e2e.browser, viewport);
      const app = await newPage(e2e.browser, e2e.url, viewport);
      try {
        expect(await first.page.title()).toBe(storefrontName);
        expect(await first.page.locator('.site-header__brand').textContent()).toBe(storefrontName);
        expect(await first.page.getByText(lead).isVisible()).toBe(true);
        // Nothing in it is a button that would do nothing until the app is up.
        expect(await first.page.getByRole('button').count()).toBe(0);
        await screenshot(first.page, `home-first-html-${name}`);

        await openHome(app.page);
        expect(await heroBoxes(app.page)).toEqual(await heroBoxes(first.page));
      } finally {
        await first.context.close();
        await app.context.close();
      }
    },
  );
});

describe('the home page once the app is up', () => {
  it('has the one hero, the app own, and nothing moved on the way', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.phone);
    try {
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            shifts.push((entry as unknown as { value: number }).value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openHome(page);
      expect(await page.locator('#home-shell').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await page.locator('#hero-title').textContent()).toBe(storefrontName);
      expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(1);
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
      );
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
    } finally {
      await context.close();
    }
  });
});
