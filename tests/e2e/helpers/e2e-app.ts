import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { startTestApp, type TestApp } from '../../api/helpers/test-app';
import { launchBrowser } from './browser';

export interface E2eApp {
  app: TestApp;
  browser: Browser;
  /** The server's origin, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/**
 * The real server (fresh database, seeded with the demo accounts) serving the built SPA and
 * console, and a Chromium to drive them. The builds come from `npm run build:ui`, which
 * `npm run test:e2e` runs first.
 */
export async function startE2e(): Promise<E2eApp> {
  for (const index of ['dist/web/index.html', 'out/renderer/index.html']) {
    if (!existsSync(resolve(index))) {
      throw new Error(`${index} is missing: run \`npm run build:ui\` (npm run test:e2e does).`);
    }
  }
  const app = await startTestApp();
  const browser = await launchBrowser();
  return {
    app,
    browser,
    url: app.url,
    async close() {
      await browser.close();
      await app.close();
    },
  };
}
