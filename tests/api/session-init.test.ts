import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionGuids } from '../../server/db/schema/platform';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const path = '/api/user/User/InsertQueryStringIntoSessionGUIDRequest';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function storedRow(guid: string) {
  const [row] = await t.database.db.select().from(sessionGuids).where(eq(sessionGuids.guid, guid));
  return row;
}

describe('POST User/InsertQueryStringIntoSessionGUIDRequest', () => {
  it('answers exactly { statusCode: 200, data: guid } and stores the landing page', async () => {
    const res = await call<{ statusCode: number; data: string }>(t.url, 'POST', path, {
      json: {
        queryString: {
          LandingPage: 'https://shop.example/weight-loss?utm_source=ad',
          RedirectPage: '/cart',
        },
        guid: null,
      },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object).sort()).toEqual(['data', 'statusCode']);
    expect(res.body.statusCode).toBe(200);
    expect(res.body.data).toMatch(uuid);
    const row = await storedRow(res.body.data);
    expect(row).toMatchObject({
      landingPage: 'https://shop.example/weight-loss?utm_source=ad',
      redirectPage: '/cart',
      ip: '127.0.0.1',
    });
  });

  it('needs no credential, keeps RedirectPage optional and gives a new guid each time', async () => {
    const body = { queryString: { LandingPage: '/' }, guid: null };
    const first = await call<{ statusCode: number; data: string }>(t.url, 'POST', path, {
      json: body,
    });
    const second = await call<{ statusCode: number; data: string }>(t.url, 'POST', path, {
      json: body,
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.data).not.toBe(second.body.data);
    expect((await storedRow(first.body.data))?.redirectPage).toBeNull();
  });

  it('ignores a stale bearer token: the call is public', async () => {
    const res = await call<{ statusCode: number; data: string }>(t.url, 'POST', path, {
      token: 'not-a-real-token',
      json: { queryString: { LandingPage: '/' }, guid: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatch(uuid);
  });

  it('accepts a LandingPage of exactly 2048 characters', async () => {
    const page = `/${'a'.repeat(2047)}`;
    const res = await call<{ statusCode: number; data: string }>(t.url, 'POST', path, {
      json: { queryString: { LandingPage: page }, guid: null },
    });
    expect(res.status).toBe(200);
    expect((await storedRow(res.body.data))?.landingPage).toBe(page);
  });

  it.each([
    ['missing queryString', { guid: null }],
    ['queryString null', { queryString: null, guid: null }],
    ['queryString a string', { queryString: 'LandingPage=/', guid: null }],
    ['missing LandingPage', { queryString: {}, guid: null }],
    ['empty LandingPage', { queryString: { LandingPage: '' }, guid: null }],
    ['LandingPage not a string', { queryString: { LandingPage: 42 }, guid: null }],
    ['oversized LandingPage', { queryString: { LandingPage: `/${'a'.repeat(2048)}` }, guid: null }],
    [
      'oversized RedirectPage',
      { queryString: { LandingPage: '/', RedirectPage: 'b'.repeat(2049) }, guid: null },
    ],
    ['RedirectPage null', { queryString: { LandingPage: '/', RedirectPage: null }, guid: null }],
    ['NUL in LandingPage', { queryString: { LandingPage: '/a\u0000b' }, guid: null }],
    ['newline in LandingPage', { queryString: { LandingPage: '/a\nb' }, guid: null }],
    ['lone surrogate in LandingPage', { queryString: { LandingPage: '/a\ud800b' }, guid: null }],
    ['missing guid', { queryString: { LandingPage: '/' } }],
    [
      'guid not null',
      { queryString: { LandingPage: '/' }, guid: '0b6f6b9e-8d1c-4a57-9a0e-1c2d3e4f5a6b' },
    ],
    ['extra field', { queryString: { LandingPage: '/' }, guid: null, extra: 1 }],
    ['extra field in queryString', { queryString: { LandingPage: '/', Other: 'x' }, guid: null }],
    ['an array', [{ queryString: { LandingPage: '/' }, guid: null }]],
  ])('refuses %s with the 400 envelope', async (_name, json) => {
    const res = await call(t.url, 'POST', path, { json });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ Data: null, status: 400 });
    expect(typeof res.body.Message).toBe('string');
  });

  it('refuses malformed JSON and form data with a 4xx envelope, never 500', async () => {
    const malformed = await call(t.url, 'POST', path, {
      raw: { body: '{"queryString":', contentType: 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ Data: null, status: 400 });
    const form = await call(t.url, 'POST', path, { form: { LandingPage: '/' } });
    expect(form.status).toBe(400);
    expect(form.body).toMatchObject({ Data: null, status: 400 });
  });
});
