import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser, newPage } from './helpers/browser';
import { reportIfFailed } from './helpers/failure-report';

/** What a failed browser test leaves to read: the pages' last screens and API answers. */
let browser: Browser;
const dir = join(process.cwd(), 'test-artifacts', 'failures', 'a-failed-test');

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the report writes to the test output while `run` runs. */
async function printedBy(run: () => Promise<void>): Promise<string> {
  let printed = '';
  const output = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    printed += String(chunk);
    return true;
  });
  try {
    await run();
  } finally {
    output.mockRestore();
  }
  return printed;
}

async function pageClosedByATest() {
  const { context } = await pageOfATest();
  await context.close();
}

async function pageOfATest() {
  const { context, page } = await newPage(browser, 'about:blank');
  await page.route('**/api/**', (route) => route.fulfill({ status: 402, body: '{}' }));
  await page.goto('http://shop.test/api/page');
  await page.setContent('<main><h1>Pay for your order</h1><p>Your card was declined.</p></main>');
  await page.evaluate(() => fetch('/api/pay/abc', { method: 'POST' }));
  return { context, page };
}

describe('a failed browser test', () => {
  it('prints the text and API answers of the pages it closed, and keeps their HTML', async () => {
    await pageClosedByATest();
    const printed = await printedBy(() => reportIfFailed(true, 'a failed test'));
    expect(printed).toContain('[failed test] a failed test');
    expect(printed).toMatch(/Pay for your order\s+Your card was declined\./);
    expect(printed).toContain(
      '--- its last API answers:\n402 GET /api/page\n402 POST /api/pay/abc',
    );
    expect(readFileSync(join(dir, 'page-1.html'), 'utf8')).toContain('<h1>Pay for your order</h1>');
    expect(existsSync(join(dir, 'page-1.png'))).toBe(false);
  });

  it('keeps a screenshot of a page still open as it failed', async () => {
    const { context } = await pageOfATest();
    try {
      const printed = await printedBy(() => reportIfFailed(true, 'a failed test'));
      expect(printed).toMatch(/Pay for your order\s+Your card was declined\./);
      expect(existsSync(join(dir, 'page-1.png'))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('prints nothing for a test that passed, and forgets its pages', async () => {
    await pageClosedByATest();
    const printed = await printedBy(async () => {
      await reportIfFailed(false, 'a passing test');
      await reportIfFailed(true, 'the next test');
    });
    expect(printed).toBe('');
  });
});
