import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../deploy/precompress-assets';
import { atEndOfHead } from '../../server/modules/web-shell/page-preloads';
import { registerStaticApps } from '../../server/plugins/static-apps';
import { catalogElementId, publicConfigElementId } from '../../shared/api/embedded-page-data';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';

/** A script large enough to be worth compressing (the build's are tens of KB). */
const bigScript = Array.from({ length: 400 }, (_, i) => `console.log('line ${i}');`).join('\n');

/** An index.html as the build writes it: the app's root, its stylesheet and entry script. */
const indexHtml =
  '<!doctype html><html lang="en"><head><title>web</title>' +
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
  '<body><div id="root"></div></body></html>';

/** The manifest of that build: the summary's page imports a chunk the entry does not. */
const buildManifest = {
  'index.html': { file: 'assets/index-abc123.js', css: ['assets/index-1.css'] },
  'pages/checkout/summary-page.tsx': { file: 'assets/summary-page-1.js', imports: ['_big.js'] },
  '_big.js': { file: 'assets/big-def456.js' },
};

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-apps-'));
  const web = join(root, 'web');
  const consoleDir = join(root, 'console');
  mkdirSync(join(web, 'assets'), { recursive: true });
  mkdirSync(consoleDir, { recursive: true });
  writeFileSync(join(web, 'index.html'), indexHtml);
  writeFileSync(join(web, 'assets', 'index-1.css'), '.hero{color:green}');
  writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(web, 'assets', 'big-def456.js'), bigScript);
  writeFileSync(join(web, 'assets', 'logo-1.png'), Buffer.alloc(4096, 1));
  writeFileSync(join(web, 'robots.txt'), 'User-agent: *');
  mkdirSync(join(web, '.vite'));
  // The build's manifest, read by the server (pages link their chunks), never served.
  writeFileSync(join(web, '.vite', 'manifest.json'), JSON.stringify(buildManifest));
  await precompressDir(web);
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
  t = await startTestApp({
    staticApps: { webDir: web, consoleDir: join(root, 'console') },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const fetchPath = (path: string) => fetch(`${t.url}${path}`, { redirect: 'manual' });

/** The public config's element as the pages carry it: GET config/public's answer, as JSON. */
async function publicConfigElement() {
  const answer = await call(t.url, 'GET', '/api/config/public', { apiKey: t.config.apiKey });
  return `<script type="application/json" id="${publicConfigElementId}">${JSON.stringify(answer.body.Data)}</script>`;
}

describe('the built apps served by the API server', () => {
  it.each([
    ['/checkout/summary', 'web'],
    ['/my-account', 'web'],
    ['/console/', 'console'],
    ['/console/orders', 'console'],
  ])('%s answers the %s index.html, never cached, with the security headers', async (path, app) => {
    const res = await fetchPath(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<title>${app}</title>`);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it("answers a page's path with its page's chunks linked in index.html", async () => {
    const summary = await (await fetchPath('/checkout/summary')).text();
    expect(summary).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/summary-page-1.js">' +
        `<link rel="modulepreload" crossorigin href="/assets/big-def456.js">${await publicConfigElement()}</head>`,
    );
    expect(await (await fetchPath('/register')).text()).toBe(
      atEndOfHead(indexHtml, await publicConfigElement()),
    );
  });

  it.each(['/', '/register', '/checkout/summary', '/no-such-page'])(
    '%s carries the public config as GET config/public answers it, in an element that runs nothing',
    async (path) => {
      const html = await (await fetchPath(path)).text();
      const element = new RegExp(
        `<script type="application/json" id="${publicConfigElementId}">(.+?)</script>`,
      ).exec(html);
      const answer = await call(t.url, 'GET', '/api/config/public', { apiKey: t.config.apiKey });
      expect(JSON.parse(element?.[1] ?? 'null')).toEqual(answer.body.Data);
    },
  );

  it('answers / alone with the catalog as GET Product/GetProductandConsultPrice answers it', async () => {
    const element = new RegExp(
      `<script type="application/json" id="${catalogElementId}">(.+?)</script>`,
    );
    const answer = await call(
      t.url,
      'GET',
      `/api/Product/GetProductandConsultPrice?storefrontId=${t.config.storefrontId}`,
      {
        apiKey: t.config.apiKey,
      },
    );
    expect((answer.body.Data as unknown[]).length).toBeGreaterThan(0);
    const home = element.exec(await (await fetchPath('/')).text());
    expect(JSON.parse(home?.[1] ?? 'null')).toEqual(answer.body.Data);
    for (const path of ['/register', '/checkout/summary', '/product/1']) {
      expect(await (await fetchPath(path)).text()).not.toContain(`id="${catalogElementId}"`);
    }
  });

  it("answers a patient's page with the inline script of its early reads, which its CSP lets run", async () => {
    const res = await fetchPath('/my-account');
    const script = /<script>(.+?)<\/script>/.exec(await res.text())?.[1] ?? '';
    expect(script).toContain('"/api/user/User/UserInfo"');
    const hash = createHash('sha256').update(script).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('answers / with the top of the home page drawn in the storefront theme, never cached', async () => {
    const res = await fetch(`${t.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-encoding')).toBe('br');
    const html = await res.text();
    expect(html).toContain('<title>Evergreen Health</title>');
    expect(html).toContain('<div id="root"></div><div id="home-shell">');
    expect(html).toContain('<h1 id="home-shell-title">Evergreen Health</h1>');
    expect(html).toContain('<style>.hero{color:green}</style>');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin');
  });

  it('answers / as built when the storefront cannot be read', async () => {
    const app = Fastify();
    await registerStaticApps(
      app,
      { ...t.config, staticApps: { webDir: join(root, 'web'), consoleDir: join(root, 'console') } },
      () => Promise.reject(new Error('the database is away')),
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(indexHtml);
      // Any other page comes without the public config: the app asks for it.
      const page = await app.inject({ method: 'GET', url: '/register' });
      expect(page.body).toBe(indexHtml);
    } finally {
      await app.close();
    }
  });

  it('serves hashed assets as immutable and other files as revalidated', async () => {
    const asset = await fetchPath('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log(1)');
    const robots = await fetchPath('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('cache-control')).toBe('no-cache');
  });

  it('redirects /console to /console/', async () => {
    const res = await fetchPath('/console');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/console/');
  });

  it.each([
    '/assets/missing.js',
    '/api/not-a-route',
    '/..%2f..%2fpackage.json',
    '/console/..%2f..%2fpackage.json',
    '/.vite/manifest.json',
  ])('%s is a JSON 404, never a file outside the build nor in its dot folders', async (path) => {
    const res = await fetchPath(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ Data: null, status: 404 });
  });
});

describe('compression', () => {
  it('writes brotli and gzip copies of the text files worth it at build time, and only those', () => {
    const assets = join(root, 'web', 'assets');
    expect(existsSync(join(assets, 'big-def456.js.br'))).toBe(true);
    expect(existsSync(join(assets, 'big-def456.js.gz'))).toBe(true);
    expect(existsSync(join(assets, 'index-abc123.js.br'))).toBe(false);
    expect(existsSync(join(assets, 'logo-1.png.br'))).toBe(false);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ])('sends an asset asked with accept-encoding "%s" as %s', async (accepted, encoding) => {
    const res = await fetch(`${t.url}/assets/big-def456.js`, {
      headers: { 'accept-encoding': accepted },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary') ?? '').toMatch(encoding ? /accept-encoding/i : /.*/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(bigScript);
  });

  it('compresses API answers of 1 KB and more, not the small ones', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const catalog = await call(
      t.url,
      'GET',
      `/api/Product/GetProductandConsultPrice?storefrontId=${t.config.storefrontId}`,
      {
        apiKey: t.config.apiKey,
        headers,
      },
    );
    expect(catalog.status).toBe(200);
    expect(catalog.headers.get('content-encoding')).toBe('br');
    expect(catalog.body.Data).toHaveLength(10);
    const health = await call(t.url, 'GET', '/api/health', { headers });
    expect(health.headers.get('content-encoding')).toBeNull();
  });

  it('reads a compressed request body as it came: it is not inflated', async () => {
    const res = await fetch(`${t.url}/api/auth/AccessTokenSfrw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('before the apps are built', () => {
  it('says how to build them', async () => {
    const empty = await startTestApp({
      staticApps: { webDir: join(root, 'none'), consoleDir: join(root, 'none') },
    });
    try {
      const res = await fetch(`${empty.url}/checkout/summary`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build:ui');
    } finally {
      await empty.close();
    }
  });
});
