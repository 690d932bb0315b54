import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from 'vitest';
import { animationsDone, screenshot, viewports } from './browser';

/**
 * axe-core's serious and critical violations on the page (or inside `include`), once its
 * transitions have ended: a colour still fading in is measured at the colour it rests at
 * (a CI failure: an antd button's background 0.05 of the way to its green, read mid-fade).
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await animationsDone(page);
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
}

/**
 * The page as it is now at 375, 670 and 1280 px: a screenshot of each
 * (test-artifacts/screenshots/<name>-<width>.png) and no serious axe violation at any; the
 * viewport goes back to the desktop size afterwards.
 */
export async function checkAtEveryWidth(page: Page, name: string): Promise<void> {
  for (const width of [viewports.phone.width, viewports.small.width, viewports.desktop.width]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, so the sticky header is where a visitor sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-${width}`);
    expect(await seriousViolations(page), `${name} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize(viewports.desktop);
}
