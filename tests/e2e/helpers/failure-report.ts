import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * What a failed browser test leaves behind: each page's last screen (its text in the test's
 * output, where CI keeps it; a screenshot and the HTML under test-artifacts/failures/) and the
 * API answers it received. A flaky failure is then read from what the page showed, not guessed.
 *
 * A test closes its contexts in `finally`, before the test runner knows it failed, so a
 * context's pages are captured as it closes (text and HTML: a screenshot of every closing page
 * would slow every test) and kept until the test ends; pages still open at the end are captured
 * then, with a screenshot.
 */
interface PageCapture {
  url: string;
  text: string;
  html: string;
  screenshot?: Buffer;
  answers: string[];
}

const answersOf = new WeakMap<Page, string[]>();
const openContexts = new Set<BrowserContext>();
let captured: PageCapture[] = [];

const answersKept = 40;
const textShown = 3_000;

/** Watches every context the browser opens from now on. */
export function watchForFailures(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchContext(context);
    return context;
  };
}

function watchContext(context: BrowserContext): void {
  openContexts.add(context);
  context.on('page', watchPage);
  for (const page of context.pages()) watchPage(page);
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (openContexts.delete(context)) captured.push(...(await captureAll(context, false)));
    return close(options);
  };
}

function watchPage(page: Page): void {
  const answers: string[] = [];
  answersOf.set(page, answers);
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const line = `${response.status()} ${response.request().method()} ${url.pathname}`;
    answers.push(line);
    if (answers.length > answersKept) answers.shift();
  });
}

async function captureAll(
  context: BrowserContext,
  withScreenshot: boolean,
): Promise<PageCapture[]> {
  return Promise.all(context.pages().map((page) => capture(page, withScreenshot)));
}

async function capture(page: Page, withScreenshot: boolean): Promise<PageCapture> {
  const answers = answersOf.get(page) ?? [];
  try {
    const [text, html, screenshot] = await Promise.all([
      page.locator('body').innerText({ timeout: 1_000 }),
      page.content(),
      withScreenshot ? page.screenshot({ timeout: 2_000 }) : undefined,
    ]);
    return { url: page.url(), text, html, screenshot, answers };
  } catch (error) {
    return { url: page.url(), text: `(not captured: ${String(error)})`, html: '', answers };
  }
}

/** Called after each test: reports the captures of a failed one, then forgets them. */
export async function reportIfFailed(failed: boolean, testName: string): Promise<void> {
  const stillOpen = [...openContexts].filter((context) => context.pages().length > 0);
  const pages = failed
    ? [
        ...captured,
        ...(await Promise.all(stillOpen.map((context) => captureAll(context, true)))).flat(),
      ]
    : [];
  captured = [];
  if (pages.length === 0) return;
  const dir = join(process.cwd(), 'test-artifacts', 'failures', slug(testName));
  mkdirSync(dir, { recursive: true });
  const report = pages.map((page, index) => {
    const name = join(dir, `page-${index + 1}`);
    writeFileSync(`${name}.html`, page.html);
    if (page.screenshot) writeFileSync(`${name}.png`, page.screenshot);
    return [
      `--- page ${index + 1} of the failed test: ${page.url} (${name}.html${page.screenshot ? ', .png' : ''})`,
      page.text.slice(0, textShown),
      '--- its last API answers:',
      ...page.answers,
    ].join('\n');
  });
  process.stderr.write(`\n[failed test] ${testName}\n${report.join('\n')}\n\n`);
}

function slug(name: string): string {
  return name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}
