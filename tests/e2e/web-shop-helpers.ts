import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, Request } from '@playwright/test';

/** Records the API calls a page makes, to prove that invalid input sends nothing. */
export function recordApiCalls(page: Page) {
  const calls: { method: string; path: string }[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/'))
      calls.push({ method: request.method(), path: url.pathname });
  };
  page.on('request', listener);
  return {
    calls,
    /** Calls whose path ends with the given endpoint (e.g. 'AccessTokenSfrw'). */
    to: (endpoint: string) => calls.filter((call) => call.path.endsWith(endpoint)),
    clear: () => {
      calls.length = 0;
    },
    stop: () => page.off('request', listener),
  };
}

/** Opens home and waits until the products are on screen. */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Lubricating eye drops' }).waitFor();
}

/** A product card, found by its heading. */
export function productCard(page: Page, name: string) {
  return page.getByRole('article', { name });
}

/** The cart drawer's dialog. */
export function cartDrawer(page: Page) {
  return page.getByRole('dialog', { name: 'Your cart' });
}

/** The login drawer's dialog, whichever panel it shows. */
export function loginDrawer(page: Page) {
  return page.locator('.login-drawer');
}

/** The text of one totals row of the cart (subtotal, consult-fee, discount, sales-tax, shipping, total). */
export async function totalRow(page: Page, row: string): Promise<string> {
  return ((await page.getByTestId(`total-${row}`).locator('dd').textContent()) ?? '').trim();
}

/** Latest outbox message to an address (GET /api/dev/outbox?to=). */
export async function latestMessage(
  baseUrl: string,
  to: string,
): Promise<{ subject: string; body: string } | undefined> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (await response.json()) as { Data: { subject: string; body: string }[] };
  return body.Data[0];
}

/** Waits (polling the outbox) for a message to an address matching a pattern. */
export async function waitForMessage(
  baseUrl: string,
  to: string,
  pattern: RegExp,
): Promise<RegExpExecArray> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const message = await latestMessage(baseUrl, to);
    const match = message ? pattern.exec(message.body) : null;
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no message to ${to} matching ${pattern}`);
}

/** Scrolls through the page so lazily loaded images are fetched before a full-page screenshot. */
export async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

/** A screenshot of what the viewport shows (a drawer over the page), kept beside the others. */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  const dir = join(process.cwd(), 'test-artifacts', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/**
 * A message shown under a form field and announced (role alert): an antd form's, or a plain
 * field's (the card fields). An earlier copy of the same message may still be fading out of an
 * antd form after the field was edited: only the current one counts.
 */
export function fieldError(page: Page | Locator, text: string) {
  return page
    .locator(
      '.ant-form-item-explain-error:not(.ant-form-show-help-item-leave) [role="alert"], .text-field__error[role="alert"]',
    )
    .filter({ hasText: text });
}
