import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { earlyReadsTag } from '../../../server/modules/web-shell/early-reads-tag';
import {
  atEndOfHead,
  type BuildManifest,
  pageHtml,
  pagePreloadLinks,
} from '../../../server/modules/web-shell/page-preloads';
import { routes } from '../../../shared/checkout/routes';

/** A build's manifest as Vite writes it: the entry, two pages, and chunks they share. */
const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    imports: ['_react-1.js', '_layout-1.js'],
    css: ['assets/index-1.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_layout-1.js': { file: 'assets/layout-1.js', imports: ['_react-1.js'] },
  'pages/checkout/summary-page.tsx': {
    file: 'assets/summary-page-1.js',
    imports: ['_react-1.js', 'index.html', '_order-summary-1.js', '_notice-1.js'],
  },
  '_order-summary-1.js': {
    file: 'assets/order-summary-1.js',
    imports: ['_notice-1.js', '_dayjs-1.js'],
    css: ['assets/checkout-1.css'],
  },
  '_notice-1.js': {
    file: 'assets/notice-1.js',
    css: ['assets/notice-1.css', 'assets/index-1.css'],
  },
  '_dayjs-1.js': { file: 'assets/dayjs-1.js' },
  'pages/not-found-page.tsx': { file: 'assets/not-found-page-1.js', imports: ['index.html'] },
};

const html = '<html><head><title>web</title></head><body><div id="root"></div></body></html>';

describe("a page's preloads", () => {
  it("link its module, each chunk it imports and their stylesheets, none twice, none the entry's", () => {
    expect(pagePreloadLinks(manifest, routes.summary)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/summary-page-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/order-summary-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/notice-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/dayjs-1.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/checkout-1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/notice-1.css">',
    );
  });

  it('of a page that imports nothing of its own: its module alone', () => {
    expect(pagePreloadLinks(manifest, '*')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/not-found-page-1.js">',
    );
  });

  it('of a page the manifest does not know: none, and the page is left as it is', () => {
    expect(pagePreloadLinks(manifest, routes.myAccount)).toBe('');
    expect(atEndOfHead(html, '')).toBe(html);
  });

  it("go at the end of the page's head", () => {
    expect(atEndOfHead(html, '<link rel="modulepreload" href="/a.js">')).toBe(
      '<html><head><title>web</title><link rel="modulepreload" href="/a.js"></head><body><div id="root"></div></body></html>',
    );
  });
});

describe("each path's index.html made from the build", () => {
  let webDir: string;
  const builtAt = (title: string, seconds: number, withManifest = true) => {
    writeFileSync(join(webDir, 'index.html'), html.replace('web', title));
    if (withManifest) {
      writeFileSync(join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    }
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
    utimesSync(join(webDir, 'index.html'), at, at);
  };
  beforeEach(() => {
    webDir = mkdtempSync(join(tmpdir(), 'page-preloads-'));
    mkdirSync(join(webDir, '.vite'));
  });
  afterEach(() => rmSync(webDir, { recursive: true, force: true }));

  it('links the page the path opens, made again only when the build changed', async () => {
    builtAt('first', 1);
    const summary = await pageHtml(webDir, '/checkout/summary');
    expect(summary).toContain('<title>first</title>');
    expect(summary).toContain('href="/assets/summary-page-1.js"');
    expect(await pageHtml(webDir, '/checkout/summary/')).toBe(summary);
    expect(await pageHtml(webDir, '/no-such-page')).toContain('href="/assets/not-found-page-1.js"');
    expect(await pageHtml(webDir, routes.register)).toBe(html.replace('web', 'first'));
    expect(summary).toContain(earlyReadsTag(routes.summary));

    builtAt('second', 2);
    expect(await pageHtml(webDir, '/checkout/summary')).toContain('<title>second</title>');
  });

  it('is null without a manifest (the file is then sent as it is)', async () => {
    builtAt('plain', 3, false);
    expect(await pageHtml(webDir, '/checkout/summary')).toBeNull();
  });
});
