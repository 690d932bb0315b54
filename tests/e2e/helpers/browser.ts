import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { watchForFailures } from './failure-report';

/** The flags every Chromium launched here takes (no sandbox, GPU or background traffic). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A Chromium to drive (DESIGN §5): Playwright's own when installed, else the system's
 * (`/usr/bin/chromium`, `chromium-browser`), else the one named by CHROMIUM_PATH.
 */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    safe(() => chromium.executablePath()),
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found. Install one (Debian: `apt-get install -y chromium`; or `npx playwright install chromium`) or set CHROMIUM_PATH.',
    );
  }
  return found;
}

function safe(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumFlags });
  watchForFailures(browser);
  return browser;
}

/**
 * A Chromium with a synthetic camera and microphone, allowed without asking (video visits).
 * WebRTC between two of its pages works over loopback.
 */
export async function launchBrowserWithCamera(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: [
      ...chromiumFlags,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
  watchForFailures(browser);
  return browser;
}

export const viewports = {
  phone: { width: 375, height: 812 },
  small: { width: 670, height: 900 },
  desktop: { width: 1280, height: 800 },
} as const;

/** A fresh context (own storage) with the given viewport; pages log their errors to the test output. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  page.on('pageerror', (error) => process.stderr.write(`[page error] ${error.message}\n`));
  return { context, page };
}

const screenshotDir = join(process.cwd(), 'test-artifacts', 'screenshots');

/** Keeps a full-page screenshot as a test artifact: test-artifacts/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Waits for finite CSS animations (a modal zooming in, a drawer sliding) to end: a screenshot
 * shows the end, and a click lands where the button rests (a click while a modal still grows can
 * press on the button and release beside it, which clicks nothing).
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}
