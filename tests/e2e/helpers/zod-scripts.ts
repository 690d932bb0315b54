import type { Page } from '@playwright/test';
import { expect } from 'vitest';

/**
 * Watches every script the page receives from now on, to show that what the patient did on it
 * ran no zod: zod names its error class `$ZodError` in any build, and no script may define it.
 */
export function watchForZod(page: Page) {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  return {
    /** Every script received so far was read, and none is zod. */
    async expectNone() {
      const texts = await Promise.all(scripts);
      expect(texts.length).toBeGreaterThan(5);
      expect(texts.filter((text) => text.includes('$ZodError'))).toEqual([]);
    },
  };
}
