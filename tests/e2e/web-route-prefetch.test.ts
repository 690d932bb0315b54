import type { BrowserContext, Page, Request, Route } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/errors/messages';
import { payableOrder } from '../api/helpers/payable-order';
import { createUser, tokenFor } from '../api/helpers/users';
import { newPage, viewports } from './helpers/browser';
import { type E2eApp, startE2e } from './helpers/e2e-app';
import { watchForZod } from './helpers/zod-scripts';
import { signedInAs } from './web-checkout-steps';

/**
 * How pages load on a first visit: the data a page reads first is asked for beside its chunk
 * (not once the chunk has run), and read once (the summary, shipping details, my account); on
 * /checkout/summary the order shows while the payment part (saved cards, consents) is still on
 * its way.
 */
let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2e();
});

afterAll(async () => {
  await e2e?.close();
});

/** Which of `watched` (name: path ending) the page asks for, each time it does. */
function watchRequests(page: Page, watched: Record<string, (request: Request) => boolean>) {
  const seen: string[] = [];
  page.on('request', (request) => {
    for (const [name, matches] of Object.entries(watched)) if (matches(request)) seen.push(name);
  });
  return seen;
}

const pathEndsWith = (end: string) => (request: Request) =>
  new URL(request.url()).pathname.endsWith(end);

async function patientAtPayment(): Promise<{ context: BrowserContext; page: Page }> {
  const user = await createUser(e2e.app);
  const token = await tokenFor(e2e.app, user.email, user.password);
  await payableOrder(e2e.app, user.id, { items: [{ sku: 'OTC-READERS', qty: 1 }] });
  const { context, page } = await newPage(e2e.browser, e2e.url, viewports.phone);
  await signedInAs(context, token, user.id);
  return { context, page };
}

/** Holds every request matching `pattern` until `release()`. */
async function hold(page: Page, pattern: string | RegExp) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Any read of the patient's cart: the checkout's, the header's count's, the cart drawer's. */
const isOrderRead = pathEndsWith('/api/user/Cart/GetItemsInCart');

describe('/checkout/summary on a first visit', () => {
  it('asks for the order, the saved cards and the consents while its chunk is still loading, and reads the order once', async () => {
    const { context, page } = await patientAtPayment();
    try {
      const seen = watchRequests(page, {
        order: isOrderRead,
        cards: pathEndsWith('/api/payment/PaymentMethods'),
        'accepted consents': pathEndsWith('/api/config/v1/consents/accepted'),
      });
      const releaseChunk = await hold(page, /\/assets\/summary-page-[\w-]+\.js$/);
      await page.goto('/checkout/summary');
      await expect
        .poll(() => [...new Set(seen)].sort(), { timeout: 10_000 })
        .toEqual(['accepted consents', 'cards', 'order']);
      await expect(page.getByRole('button', { name: 'FINALIZE ORDER' }).count()).resolves.toBe(0);

      releaseChunk();
      await page.getByRole('button', { name: 'FINALIZE ORDER' }).waitFor();
      expect(seen.filter((name) => name === 'order')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('shows the order while the saved cards are on their way, then the payment part', async () => {
    const { context, page } = await patientAtPayment();
    try {
      const releaseCards = await hold(page, '**/api/payment/PaymentMethods');
      await page.goto('/checkout/summary');
      await page.getByRole('heading', { name: 'Order summary' }).waitFor();
      await expect(page.getByText('Ship to').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { name: 'Payment' }).count()).resolves.toBe(0);
      await expect(page.locator('.summary .skeleton').count()).resolves.toBe(1);

      releaseCards();
      await page.getByRole('button', { name: 'FINALIZE ORDER' }).waitFor();
      await expect(page.getByRole('heading', { name: 'Payment' }).isVisible()).resolves.toBe(true);
      await expect(page.locator('.summary .skeleton').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('/checkout/shipping-details on a first visit', () => {
  it("asks for the order, the states, the patient's saved addresses and the methods to the order's address while its chunk is still loading, once each", async () => {
    const { context, page } = await patientAtPayment();
    try {
      const seen = watchRequests(page, {
        order: isOrderRead,
        states: pathEndsWith('/State/GetStates'),
        addresses: pathEndsWith('/ShippingAddressesAndMethods'),
        methods: pathEndsWith('/GetProductWiseShippingMethodsWithState'),
      });
      const releaseChunk = await hold(page, /\/assets\/shipping-details-page-[\w-]+\.js$/);
      await page.addInitScript(() => {
        const shifts: number[] = [];
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number }[]) {
            shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const methodsAnswered = page.waitForResponse((response) =>
        response.url().includes('/GetProductWiseShippingMethodsWithState'),
      );
      await page.goto('/checkout/shipping-details');
      await expect
        .poll(() => [...new Set(seen)].sort(), { timeout: 10_000 })
        .toEqual(['addresses', 'methods', 'order', 'states']);
      await methodsAnswered;
      await expect(page.getByRole('button', { name: 'CONTINUE' }).count()).resolves.toBe(0);

      releaseChunk();
      await page.getByRole('button', { name: 'CONTINUE' }).waitFor();
      await page.getByRole('button', { name: 'Change address' }).waitFor();
      await page.getByRole('radio', { checked: true }).last().waitFor();
      expect(seen.sort()).toEqual(['addresses', 'methods', 'order', 'states']);
      // Drawn once, whole: nothing moved as the address and the methods came in.
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
      );
      expect(shifts).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('/my-account on a first visit', () => {
  it("asks for the patient's record and orders while its chunk is still loading, once each", async () => {
    const { context, page } = await patientAtPayment();
    try {
      const seen = watchRequests(page, {
        'user info': pathEndsWith('/api/user/User/UserInfo'),
        'recent orders': pathEndsWith('/api/order/GetRecentOrders'),
        'previous orders': pathEndsWith('/api/order/GetPreviousOrders'),
      });
      const releaseChunk = await hold(page, /\/assets\/my-account-page-[\w-]+\.js$/);
      await page.goto('/my-account');
      await expect
        .poll(() => [...new Set(seen)].sort(), { timeout: 10_000 })
        .toEqual(['previous orders', 'recent orders', 'user info']);

      releaseChunk();
      await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
      await page.getByRole('link', { name: 'Orders' }).waitFor();
      expect(seen.sort()).toEqual(['previous orders', 'recent orders', 'user info']);
    } finally {
      await context.close();
    }
  });
});

describe("a signed-in patient's first reads, asked for by the page's HTML", () => {
  it.each([
    ['/checkout/summary', { order: isOrderRead }, 'FINALIZE ORDER'],
    [
      '/my-account',
      {
        'user info': pathEndsWith('/api/user/User/UserInfo'),
        'recent orders': pathEndsWith('/api/order/GetRecentOrders'),
      },
      null,
    ],
  ] as const)(
    '%s sends them before the app has arrived; the app takes their answers and reads nothing twice',
    async (path, watched, button) => {
      const { context, page } = await patientAtPayment();
      try {
        const refused: string[] = [];
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
        });
        const seen = watchRequests(page, watched);
        const releaseApp = await hold(page, /\/assets\/index-[\w-]+\.js$/);
        await page.goto(path, { waitUntil: 'commit' });
        await expect
          .poll(() => [...new Set(seen)].sort(), { timeout: 10_000 })
          .toEqual(Object.keys(watched).sort());

        releaseApp();
        if (button) await page.getByRole('button', { name: button }).waitFor();
        else await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
        expect(seen.sort()).toEqual(Object.keys(watched).sort());
        expect(refused).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe("the storefront's public config on a first visit", () => {
  it.each(['/', '/checkout/summary'])(
    '%s came with it in its HTML: the app asks for it no more',
    async (path) => {
      const { context, page } = await patientAtPayment();
      try {
        const seen = watchRequests(page, { config: pathEndsWith('/api/config/public') });
        await page.goto(path);
        await page.getByRole('link', { name: 'Evergreen Health' }).first().waitFor();
        if (path !== '/') await page.getByRole('button', { name: 'FINALIZE ORDER' }).waitFor();
        expect(seen).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe("the storefront's catalog on a first visit to /", () => {
  it('came with the HTML: the products are drawn without a skeleton and the app asks for them no more', async () => {
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.phone);
    try {
      const seen = watchRequests(page, {
        catalog: pathEndsWith('/api/Product/GetProductandConsultPrice'),
      });
      await page.addInitScript(() => {
        // Whether a product skeleton was ever in the page.
        new MutationObserver(() => {
          if (document.querySelector('.product-card--skeleton'))
            Object.assign(window, { sawSkeleton: true });
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Everyday health' }).waitFor();
      await page.getByText('Reading glasses').first().waitFor();
      expect(seen).toEqual([]);
      await expect(page.evaluate(() => 'sawSkeleton' in window)).resolves.toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe("a page's chunks on a first visit", () => {
  /** The hrefs of the document's `<link rel=modulepreload>` elements. */
  const preloadedScripts = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );

  it.each([
    ['/checkout/summary', /\/assets\/summary-page-[\w-]+\.js$/, 'FINALIZE ORDER'],
    ['/my-account', /\/assets\/my-account-page-[\w-]+\.js$/, null],
  ])(
    '%s comes with its page chunk linked in its index.html; the app adds none',
    async (path, chunk, button) => {
      const { context, page } = await patientAtPayment();
      try {
        const response = await page.goto(path);
        const served = (await response?.text()) ?? '';
        const linked = [
          ...served.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g),
        ].map((match) => match[1] as string);
        expect(linked.some((href) => chunk.test(href))).toBe(true);
        if (button) await page.getByRole('button', { name: button }).waitFor();
        else await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
        expect((await preloadedScripts(page)).sort()).toEqual([...linked].sort());
      } finally {
        await context.close();
      }
    },
  );

  it.each([
    ['/checkout/summary', 'its card form', 'FINALIZE ORDER'],
    ['/checkout/shipping-details', 'its address form', 'CONTINUE'],
  ])('%s runs no zod: %s checks with plain code', async (path, _form, button) => {
    const { context, page } = await patientAtPayment();
    try {
      const zod = watchForZod(page);
      await page.goto(path);
      await page.getByRole('button', { name: button }).waitFor();
      await zod.expectNone();
    } finally {
      await context.close();
    }
  });
});

describe("a signed-in patient's first reads", () => {
  it("read the order beside the check of the patient's stored token, not after it", async () => {
    const { context, page } = await patientAtPayment();
    try {
      const seen = watchRequests(page, { order: isOrderRead });
      const releaseCheck = await hold(page, '**/api/auth/ValidateTokenSfrw');
      await page.goto('/checkout/summary');
      await expect.poll(() => seen, { timeout: 10_000 }).toEqual(['order']);

      releaseCheck();
      await page.getByRole('button', { name: 'FINALIZE ORDER' }).waitFor();
      expect(seen).toEqual(['order']);
    } finally {
      await context.close();
    }
  });

  it('with a token the server no longer knows, go on as a guest, without the sign-in drawer', async () => {
    const user = await createUser(e2e.app);
    const { context, page } = await newPage(e2e.browser, e2e.url, viewports.phone);
    await signedInAs(context, 'a-token-the-server-never-gave', user.id);
    try {
      const orderReads: number[] = [];
      page.on('response', (response) => {
        if (isOrderRead(response.request())) orderReads.push(response.status());
      });
      await page.goto('/checkout/summary');
      // The page's first read went with the stale token (refused), then the check left a
      // guest: the summary is a guest's, with no order, and no sign-in drawer opened.
      await page.getByText(messages.emptyCart).waitFor();
      expect(orderReads[0]).toBe(401);
      expect(orderReads.every((status) => status === 401)).toBe(true);
      await expect(page.locator('.ant-drawer-open').count()).resolves.toBe(0);
      await expect(page.evaluate(() => localStorage.getItem('useidk'))).resolves.toBeNull();
      // SHOP NOW leads back to the shop.
      await page.getByRole('button', { name: 'SHOP NOW' }).click();
      await page.waitForURL(`${e2e.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});
