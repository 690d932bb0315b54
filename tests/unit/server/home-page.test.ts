import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { homePageHtml } from '../../../server/modules/web-shell/home-page';
import type { ThemeConfig } from '../../../shared/theme/theme-config';
import { defaultThemeConfig } from '../../../shared/theme/theme-defaults';

/** A built app in a directory of its own: index.html and the stylesheet it links. */
let webDir: string;
const builtAt = (title: string, css: string, seconds: number) => {
  writeFileSync(
    join(webDir, 'index.html'),
    `<html><head><title>${title}</title><link rel="stylesheet" href="/assets/app.css"></head>` +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webDir, 'assets', 'app.css'), css);
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
  utimesSync(join(webDir, 'index.html'), at, at);
};
const named = (name: string): ThemeConfig => ({
  ...structuredClone(defaultThemeConfig),
  storeFrontName: name,
});

beforeEach(() => {
  webDir = mkdtempSync(join(tmpdir(), 'home-page-'));
  mkdirSync(join(webDir, 'assets'));
});

afterEach(() => rmSync(webDir, { recursive: true, force: true }));

describe('the home page made from the build', () => {
  it('is made once per build: nothing is read again until index.html changes', async () => {
    const theme = named('Lakeside Pharmacy');
    builtAt('Storefront', '.a{color:red}', 1);
    const first = await homePageHtml(webDir, theme);
    expect(first).toContain('<style>.a{color:red}</style>');
    expect(await homePageHtml(webDir, theme)).toBe(first);
    // Nothing is read again while index.html is unchanged (the build names a changed stylesheet
    // anew, so a stylesheet never changes under the same index.html).
    writeFileSync(join(webDir, 'assets', 'app.css'), '.a{color:green}');
    expect(await homePageHtml(webDir, theme)).toBe(first);

    builtAt('Storefront', '.a{color:blue}', 2);
    const rebuilt = await homePageHtml(webDir, theme);
    expect(rebuilt).toContain('<style>.a{color:blue}</style>');
    expect(rebuilt).not.toContain('color:red');
  });

  it('follows the theme: another storefront name is drawn at once', async () => {
    builtAt('Storefront', '.a{}', 1);
    expect(await homePageHtml(webDir, named('Lakeside Pharmacy'))).toContain(
      '<title>Lakeside Pharmacy</title>',
    );
    expect(await homePageHtml(webDir, named('Hillside Care'))).toContain(
      '<title>Hillside Care</title>',
    );
  });

  it('fails while the build is missing, and works once it is there', async () => {
    const theme = named('Lakeside Pharmacy');
    await expect(homePageHtml(webDir, theme)).rejects.toThrow();
    builtAt('Storefront', '.a{}', 1);
    expect(await homePageHtml(webDir, theme)).toContain('<div id="home-shell">');
  });
});
