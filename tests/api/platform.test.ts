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

  it('allows CORS only for the configured origins', async () => {
    const allowed = t.config.corsOrigins[0] ?? '';
    const ok = await call(t.url, 'OPTIONS', '/api/health', {
      headers: { origin: allowed, 'access-control-request-method': 'GET' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe(allowed);
    const denied = await call(t.url, 'OPTIONS', '/api/health', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
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
