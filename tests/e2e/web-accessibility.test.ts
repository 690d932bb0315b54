import type { Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedOrder } from '../api/helpers/placed-orders';
import { createUser } from '../api/helpers/users';
import { seriousViolations } from './helpers/axe';
import { newPage, screenshot, viewports } from './helpers/browser';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import {
  cartDrawer,
  loadLazyImages,
  loginDrawer,
  openHome,
  productCard,
  viewportScreenshot,
} from './web-shop-helpers';

/**
 * Accessibility and layout of the storefront's own screens (issue 6, items 1 to 5): axe-core
 * finds no serious or critical violation, the keyboard alone shops and signs in, and each
 * screen is kept as a screenshot at 375 and 1280 px.
 */
let e2e: E2eApp;
let user: Awaited<ReturnType<typeof createUser>>;
let orderId: string;

beforeAll(async () => {
  e2e = await startE2e();
  user = await createUser(e2e.app);
  orderId = (
    await placedOrder(e2e.app, user.id, {
      items: [
        { sku: 'OTC-VITAMIN-D3', qty: 1 },
        { sku: 'OTC-READERS', qty: 1 },
      ],
    })
  ).id;
});

afterAll(async () => {
  await e2e?.close();
});

/** Serious and critical axe violations, as "rule: target" lines (empty when there are none). */
/** Waits until a drawer has finished sliding in (antd animates it). */
async function drawerSettled(page: Page) {
  await page.waitForFunction(() => {
    const panel = document.querySelector('.ant-drawer-open .ant-drawer-content-wrapper');
    return !!panel && !/motion/.test(panel.className);
  });
}

async function signIn(page: Page) {
  await page.goto('/my-account');
  const drawer = loginDrawer(page);
  await drawer.getByLabel('Email').fill(user.email);
  await drawer.getByLabel('Password').fill(user.password);
  await drawer.getByRole('button', { name: 'SIGN IN', exact: true }).click();
  await page.getByRole('heading', { name: 'Welcome back, Test' }).waitFor();
  // The drawer slides away after the sign-in: the page is judged once it is gone, not while
  // its half-faded buttons are still on top.
  await drawer.waitFor({ state: 'hidden' });
}

/** Whether the header's storefront name is cut off (ended by an ellipsis instead of its text). */
function storefrontNameCutOff(page: Page): Promise<boolean> {
  return page
    .locator('.site-header__brand')
    .evaluate(
      (name) => name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight,
    );
}

describe.each([
  ['375', viewports.phone],
  ['1280', viewports.desktop],
] as const)('at %s px', (width, viewport) => {
  it('home, cart drawer and login drawer have no serious or critical axe violation', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewport);
    try {
      await openHome(page);
      await loadLazyImages(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `web-home-${width}`);

      await productCard(page, 'Lubricating eye drops')
        .getByRole('button', { name: 'ADD TO CART' })
        .click();
      await cartDrawer(page).getByText('$14.99 each').waitFor();
      await drawerSettled(page);
      expect(await seriousViolations(page, '.cart-drawer')).toEqual([]);
      const box = await cartDrawer(page).boundingBox();
      // Below 670 px the drawer takes the whole width.
      expect(box?.width).toBe(width === '375' ? 375 : 440);
      await viewportScreenshot(page, `web-cart-drawer-${width}`);
      await cartDrawer(page).getByRole('button', { name: 'Close' }).click();
      await cartDrawer(page).waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await loginDrawer(page).getByRole('button', { name: 'SIGN IN', exact: true }).click();
      await loginDrawer(page).locator('.ant-form-item-explain-error').first().waitFor();
      await drawerSettled(page);
      expect(await seriousViolations(page, '.login-drawer')).toEqual([]);
      await viewportScreenshot(page, `web-login-drawer-${width}`);
    } finally {
      await context.close();
    }
  });

  it('register, my account and order details have no serious or critical axe violation', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewport);
    try {
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
      await page.locator('.ant-form-item-explain-error').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `web-register-${width}`);

      await signIn(page);
      await page.getByRole('list', { name: 'Order history' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `web-my-account-${width}`);
      // Signed in, the header's links leave the storefront's name less room: it wraps to a
      // second line rather than being cut off.
      expect(await storefrontNameCutOff(page)).toBe(false);

      await page.goto(`/order-details?id=${orderId}`);
      await page.getByRole('heading', { name: /Receipt for order/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `web-order-details-${width}`);
    } finally {
      await context.close();
    }
  });
});

describe('keyboard', () => {
  it('adds to the cart and signs in with the keyboard alone', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.desktop);
    try {
      await openHome(page);
      // The first stop is the skip link, which moves focus to the page.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        'Skip to main content',
      );
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

      // Tab to the first ADD TO CART and press it.
      for (let i = 0; i < 30; i += 1) {
        await page.keyboard.press('Tab');
        const label = await page.evaluate(() => document.activeElement?.textContent);
        if (label === 'ADD TO CART') break;
      }
      await page.keyboard.press('Enter');
      const drawer = cartDrawer(page);
      await drawer.getByText('$14.99 each').waitFor();
      await drawerSettled(page);
      // Focus is inside the drawer, and Escape closes it.
      expect(await page.evaluate(() => !!document.activeElement?.closest('.ant-drawer'))).toBe(
        true,
      );
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Sign in', exact: true }).focus();
      await page.keyboard.press('Enter');
      const login = loginDrawer(page);
      await login.getByLabel('Email').waitFor();
      await login.getByLabel('Email').focus();
      await page.keyboard.type(user.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(user.password);
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'My account' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
