import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPasscodes, passwordResets, users } from '../../server/db/schema/identity';
import { outbox, sessionGuids, storefronts } from '../../server/db/schema/platform';
import { documents, labOrders } from '../../server/db/schema/records';
import type { RouteAccess } from '../../server/plugins/auth';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, guestToken, tokenFor } from './helpers/users';

/**
 * "Bad input never crashes anything": for every route, fast-check generates malformed,
 * missing, oversized and hostile bodies and query strings. None may answer 500, and none may
 * write a row of the domain tables.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  // A doctor's token without a doctors row still reaches the validation of the doctor's routes.
  for (const role of ['patient', 'agent', 'ecp', 'doctor', 'admin'] as const) {
    const user = await createUser(t, { role });
    tokens[role] = await tokenFor(t, user.email, user.password);
  }
  tokens.guest = await guestToken(t);
});
afterAll(async () => {
  await t.close();
});

/** The credentials of a caller the route allows, so the input reaches its validation. */
function credentialsFor(route: RouteAccess) {
  const role = route.access.find((a) => a in tokens);
  if (role) return { token: tokens[role] ?? null, apiKey: t.config.apiKey };
  return { token: null, apiKey: t.config.apiKey };
}

async function domainRowCounts() {
  const db = t.database.db;
  const tables = {
    users,
    outbox,
    sessionGuids,
    passwordResets,
    loginPasscodes,
    storefronts,
    documents,
    labOrders,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '');
const hostileObject = fc
  .tuple(hostileKey, fc.jsonValue())
  .map(
    ([key, value]) =>
      `{"${key}": ${JSON.stringify(value) ?? 'null'}, "Email": {"__proto__": {"admin": true}}}`,
  );
const oddStrings = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    '\ud800',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '%00',
    '../../etc/passwd',
  ),
  fc.string({ minLength: 3000, maxLength: 5000 }),
);
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  hostileObject,
  fc
    .dictionary(fc.string({ maxLength: 12 }), oddStrings, { maxKeys: 6 })
    .map((v) => JSON.stringify(v)),
  fc.constantFrom('{', '{"a":', 'null', '[]', '""', '1e400', '{"a":1,"a":2}'),
);
const contentType = fc.constantFrom(
  'application/json',
  'Application/JSON',
  ' application/json',
  'application/json\t',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
);
const query = fc
  .dictionary(fc.string({ minLength: 1, maxLength: 10 }), oddStrings, { maxKeys: 4 })
  .map((q) => new URLSearchParams(q).toString());

function concretePath(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) =>
    name.toLowerCase().includes('storefront') || name === 'id' ? '132' : 'not-a-real-id',
  );
}

const apiRoutes = () =>
  t.app.routeTable.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      !r.url.startsWith('/api/dev/') &&
      r.url !== '/api/auth/LogoutSfrw',
  );

describe('hostile input against every route', () => {
  it('never answers 500 and never writes', async () => {
    const before = await domainRowCounts();
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const credentials = credentialsFor(route);
      const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      await fc
        .assert(
          fc.asyncProperty(jsonBody, contentType, query, async (body, type, q) => {
            const path = `${concretePath(route.url)}${q ? `?${q}` : ''}`;
            const res = await call(t.url, route.method, path, {
              ...credentials,
              ...(hasBody ? { raw: { body, contentType: type } } : {}),
            });
            if (res.status >= 500) {
              failures.push(
                `${route.method} ${route.url} ${type} ${body.slice(0, 80)} -> ${res.status}`,
              );
            }
            return res.status < 500;
          }),
          { numRuns: 25, seed: 20261122 },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
    expect(await domainRowCounts()).toEqual(before);
    // 25 requests to each of some 200 routes: about 15 s alone, longer beside the other files.
  }, 120_000);

  it('refuses a body over the limit with 413', async () => {
    const res = await call(t.url, 'POST', '/api/auth/AccessTokenSfrw', {
      raw: {
        body: JSON.stringify({ username: 'x'.repeat(2_000_000) }),
        contentType: 'application/json',
      },
    });
    expect(res.status).toBe(413);
  });

  it('refuses prototype-polluting keys in JSON with 400', async () => {
    const res = await call(
      t.url,
      'POST',
      '/api/user/User/InsertQueryStringIntoSessionGUIDRequest',
      {
        raw: {
          body: '{"queryString":{"LandingPage":"/"},"guid":null,"__proto__":{"admin":true}}',
          contentType: 'application/json',
        },
      },
    );
    expect(res.status).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it.each(['Application/JSON', ' application/json', 'application/json\t'])(
    'still validates a body sent as %j',
    async (type) => {
      const res = await call(
        t.url,
        'POST',
        '/api/user/User/InsertQueryStringIntoSessionGUIDRequest',
        {
          raw: { body: '{"queryString":{"LandingPage":1},"guid":null}', contentType: type },
        },
      );
      expect([400, 415]).toContain(res.status);
    },
  );
});
