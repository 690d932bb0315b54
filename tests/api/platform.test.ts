import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('platform', () => {
  it('GET /api/health checks the database', async () => {
    const res = await call(t.url, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.Data.ok).toBe(true);
    expect(res.body.Data.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(res.body).toMatchObject({ Message: 'OK', status: 200 });
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await call<{ openapi: string; paths: Record<string, unknown> }>(
      t.url,
      'GET',
      '/api/docs/json',
    );
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
    const ui = await fetch(`${t.url}/api/docs`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const res = await call(t.url, 'GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ Data: null, status: 404 });
    expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the security headers of SECURITY.md', async () => {
    const res = await call(t.url, 'GET', '/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=(\d+)/);
    const maxAge = Number(
      /max-age=(\d+)/.exec(res.headers.get('strict-transport-security') ?? '')?.[1],
    );
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  // CORS only for the configured origins, on the API only.
  const preflight = { 'access-control-request-method': 'POST' };
  // biome-ignore format: a table
  const corsCases: {
    name: string;
    method: string;
    path: string;
    origin: 'allowed' | 'other' | 'none';
    headers?: Record<string, string>;
    /** null: whatever the address answers (a page is there only when the web app is built). */
    status: number | null;
    allowOrigin: boolean;
    preflightAnswer: boolean;
    varyOrigin: boolean;
  }[] = [
    { name: 'a preflight from a console origin, before any token is asked for', method: 'OPTIONS', path: '/api/user/Cart/GetItemsInCart', origin: 'allowed', headers: preflight, status: 204, allowOrigin: true, preflightAnswer: true, varyOrigin: true },
    { name: 'a preflight from another origin', method: 'OPTIONS', path: '/api/health', origin: 'other', headers: preflight, status: 204, allowOrigin: false, preflightAnswer: false, varyOrigin: true },
    { name: 'a call from a console origin', method: 'GET', path: '/api/health', origin: 'allowed', status: 200, allowOrigin: true, preflightAnswer: false, varyOrigin: true },
    { name: 'a call from another origin', method: 'GET', path: '/api/health', origin: 'other', status: 200, allowOrigin: false, preflightAnswer: false, varyOrigin: true },
    { name: 'a call without an origin (same origin, a balancer, curl)', method: 'GET', path: '/api/health', origin: 'none', status: 200, allowOrigin: false, preflightAnswer: false, varyOrigin: false },
    { name: 'an OPTIONS call that is no preflight', method: 'OPTIONS', path: '/api/health', origin: 'allowed', status: 404, allowOrigin: true, preflightAnswer: false, varyOrigin: true },
    { name: 'a page asked for from a console origin', method: 'GET', path: '/', origin: 'allowed', status: null, allowOrigin: false, preflightAnswer: false, varyOrigin: false },
  ];
  it.each(corsCases)('CORS: $name', async (c) => {
    const origin = { allowed: t.config.corsOrigins[0] ?? '', other: 'https://evil.example' }[
      c.origin as 'allowed' | 'other'
    ];
    const res = await fetch(`${t.url}${c.path}`, {
      method: c.method,
      headers: { ...(origin ? { origin } : {}), ...c.headers },
    });
    await res.arrayBuffer();
    if (c.status !== null) expect(res.status).toBe(c.status);
    expect(res.headers.get('access-control-allow-origin')).toBe(c.allowOrigin ? origin : null);
    expect(res.headers.get('access-control-expose-headers')).toBe(
      c.allowOrigin ? 'x-request-id' : null,
    );
    expect(res.headers.get('access-control-allow-methods')).toBe(
      c.preflightAnswer ? 'GET,HEAD,POST' : null,
    );
    expect(res.headers.get('access-control-allow-headers')).toBe(
      c.preflightAnswer
        ? 'Content-Type, Authorization, x-api-key, Idempotency-Key, x-request-id'
        : null,
    );
    expect(/\borigin\b/i.test(res.headers.get('vary') ?? '')).toBe(c.varyOrigin);
    if (c.status === 204) expect(res.headers.get('content-length')).toBe('0');
  });

  it('GET /api/getClientIp answers the caller address', async () => {
    const res = await call<{ clientIp: string }>(t.url, 'GET', '/api/getClientIp', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.status).toBe(200);
    // No proxy is trusted by default: a forged X-Forwarded-For is ignored.
    expect(res.body.clientIp).toBe('127.0.0.1');
  });
});

describe('trusted proxy setting', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ trustProxyHops: 1 });
  });
  afterAll(async () => {
    await proxied.close();
  });

  it('honours X-Forwarded-For for the configured number of hops', async () => {
    const res = await call<{ clientIp: string }>(proxied.url, 'GET', '/api/getClientIp', {
      headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' },
    });
    expect(res.body.clientIp).toBe('203.0.113.9');
  });
});
