import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storefronts } from '../../server/db/schema/platform';
import { seedStorefront } from '../../server/db/seed/storefront-data';
import { invalidateStorefrontCache } from '../../server/modules/config/storefront-cache';
import { type ThemeFlagKey, themeFlagKeys } from '../../shared/theme/theme-config';
import { productBySku } from '../api/helpers/catalog';
import { newPage, screenshot, viewports } from './helpers/browser';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { cartDrawer, productCard } from './web-shop-helpers';

/**
 * Every theme flag of spec §3 changes what it names (issue 14, item 7): each is turned on in
 * the storefront's runtime config, and the page shows the difference from the flag off.
 */
let e2e: E2eApp;
let productPath: string;

beforeAll(async () => {
  e2e = await startE2e();
  productPath = `/products/${(await productBySku(e2e.app, 'RX-LATANOPROST')).id}`;
});
afterEach(async () => {
  await setFlags({});
});
afterAll(async () => {
  await e2e?.close();
});

/** The storefront's theme with these flags on (the others off), as its runtime config. */
async function setFlags(flags: Partial<Record<ThemeFlagKey, boolean>>) {
  await e2e.app.database.db
    .update(storefronts)
    .set({ theme: { ...seedStorefront.theme, flags } })
    .where(eq(storefronts.id, seedStorefront.id));
  invalidateStorefrontCache(seedStorefront.id);
}

const count = (page: Page, selector: string) => page.locator(selector).count();
const style = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, name) => getComputedStyle(el).getPropertyValue(name).trim(), property);
const top = async (page: Page, selector: string) =>
  (await page.locator(selector).first().boundingBox())?.y ?? -1;

/** For each flag: where to look, at which width, and what it reads there (on ≠ off). */
const cases: Record<
  ThemeFlagKey,
  { path: () => string; width?: number; read: (page: Page) => Promise<unknown> }
> = {
  enableRoundedBorders: {
    path: () => '/',
    read: (page) => style(page, 'main', '--radius'),
  },
  hideIncentiveBanner: { path: () => '/', read: (page) => count(page, '.incentive-banner') },
  disableOpenCartEntryPage: {
    path: () => '/',
    read: async (page) => {
      await productCard(page, 'Lubricating eye drops')
        .getByRole('button', { name: 'ADD TO CART' })
        .click();
      const opened = cartDrawer(page)
        .waitFor()
        .then(() => 'cart drawer opened');
      const stayed = page
        .getByText('Lubricating eye drops is in your cart.')
        .waitFor()
        .then(() => 'stayed on the page');
      return Promise.race([opened, stayed]);
    },
  },
  hidePriceAndCycleProductPage: {
    path: () => productPath,
    read: (page) => count(page, '[data-testid="price-per-cycle"]'),
  },
  hideFeatureInfoImages: { path: () => '/', read: (page) => count(page, '.feature-info__image') },
  leftAlignFeatureInfoText: {
    path: () => '/',
    read: (page) => style(page, '.feature-info__list', 'text-align'),
  },
  firstFeatureInfoExtraMarginTop: {
    path: () => '/',
    read: (page) => style(page, '.feature-info__item', 'margin-top'),
  },
  overrideMTMPWithSPHomePage: {
    path: () => '/',
    read: async (page) =>
      `${await count(page, '.product-grid')} grids, ${await count(page, '.product-detail')} single`,
  },
  productImageTopOnMobile: {
    path: () => productPath,
    width: viewports.phone.width,
    read: async (page) =>
      (await top(page, '.product-detail__image')) < (await top(page, '#product-detail-name'))
        ? 'image first'
        : 'text first',
  },
  pricePerCycleBottomOnMobile: {
    path: () => productPath,
    width: viewports.phone.width,
    read: async (page) =>
      (await top(page, '.product-detail__price')) > (await top(page, '.product-detail__action'))
        ? 'price at the bottom'
        : 'price above the button',
  },
  enableDonationsSummaryPage: {
    path: () => '/donations',
    read: async (page) =>
      `${await page.locator('h1').innerText()}; footer link: ${await page.getByRole('link', { name: 'Giving back' }).count()}`,
  },
  useAltHeroTitleAndDesc: {
    path: () => '/',
    read: (page) => page.locator('#hero-title').innerText(),
  },
  useAltTextAndSubTextWrapper: { path: () => '/', read: (page) => count(page, '.hero__text--alt') },
};

async function readWith(flag: ThemeFlagKey, on: boolean) {
  await setFlags(on ? { [flag]: true } : {});
  const spec = cases[flag];
  const { context, page } = await newPage(e2e.browser, e2e.url, {
    width: spec.width ?? viewports.desktop.width,
    height: 900,
  });
  try {
    await page.goto(spec.path());
    await page.locator('main h1, main h2').first().waitFor();
    if (spec.path() === '/') {
      await page
        .locator('.product-card:not(.product-card--skeleton), .product-detail')
        .first()
        .waitFor();
    }
    if (spec.path() === productPath) await page.locator('.product-detail').waitFor();
    const value = await spec.read(page);
    if (on) await screenshot(page, `web-theme-${flag}`);
    return value;
  } finally {
    await context.close();
  }
}

describe('the theme flags of spec §3', () => {
  it('has a case for every flag', () => {
    expect(Object.keys(cases).sort()).toEqual([...themeFlagKeys].sort());
  });

  it.each(
    Object.entries({
      enableRoundedBorders: ['2px', '8px'],
      hideIncentiveBanner: [1, 0],
      disableOpenCartEntryPage: ['cart drawer opened', 'stayed on the page'],
      hidePriceAndCycleProductPage: [1, 0],
      hideFeatureInfoImages: [3, 0],
      leftAlignFeatureInfoText: ['center', 'left'],
      firstFeatureInfoExtraMarginTop: ['0px', '32px'],
      overrideMTMPWithSPHomePage: ['2 grids, 0 single', '0 grids, 1 single'],
      productImageTopOnMobile: ['text first', 'image first'],
      pricePerCycleBottomOnMobile: ['price above the button', 'price at the bottom'],
      enableDonationsSummaryPage: ['Page not found; footer link: 0', 'Giving back; footer link: 1'],
      useAltHeroTitleAndDesc: ['Evergreen Health', 'Care that comes to you'],
      useAltTextAndSubTextWrapper: [0, 1],
    } satisfies Record<ThemeFlagKey, [unknown, unknown]>),
  )('%s: off reads %j', async (flag, [off, on]) => {
    expect(await readWith(flag as ThemeFlagKey, false), 'off').toEqual(off);
    expect(await readWith(flag as ThemeFlagKey, true), 'on').toEqual(on);
  });
});
