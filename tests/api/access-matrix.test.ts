import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, type Principal } from '../../server/modules/auth/principal';
import type { RouteAccess } from '../../server/plugins/auth';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, guestToken, tokenFor } from './helpers/users';

/**
 * SECURITY "Access control": walk the whole route table against every kind of caller and check
 * that each answer matches what the route declares: a caller it does not allow gets 401 (no
 * or wrong kind of credential) or 403 (a signed-in user of another role); a caller it allows
 * is never refused for who it is and never sees a 500.
 */
type Caller = {
  name: string;
  principal: Principal;
  token: string | null;
  apiKey: string | null;
};

let t: TestApp;
let callers: Caller[];

beforeAll(async () => {
  t = await startTestApp();
  const user = async (
    name: string,
    role: 'patient' | 'agent' | 'ecp' | 'admin',
  ): Promise<Caller> => {
    const u = await createUser(t, { role });
    return {
      name,
      principal: { kind: 'user', apiKey: false, tokenId: '', userId: u.id, role, email: u.email },
      token: await tokenFor(t, u.email, u.password),
      apiKey: null,
    };
  };
  callers = [
    {
      name: 'anonymous',
      principal: { kind: 'anonymous', apiKey: false },
      token: null,
      apiKey: null,
    },
    {
      name: 'api-key only',
      principal: { kind: 'anonymous', apiKey: true },
      token: null,
      apiKey: t.config.apiKey,
    },
    {
      name: 'guest',
      principal: { kind: 'guest', apiKey: false, tokenId: '' },
      token: await guestToken(t),
      apiKey: null,
    },
    await user('patient A', 'patient'),
    await user('patient B', 'patient'),
    await user('agent', 'agent'),
    await user('ECP A', 'ecp'),
    await user('ECP B', 'ecp'),
    await user('admin', 'admin'),
  ];
});
afterAll(async () => {
  await t.close();
});

// Ending the caller's own session is checked last, by its own test.
const isLogout = (route: RouteAccess) => route.url === '/api/auth/LogoutSfrw';

function concretePath(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) =>
    name.toLowerCase().includes('storefront') || name === 'id'
      ? '132'
      : '00000000-0000-4000-8000-000000000000',
  );
}

async function callRoute(route: RouteAccess, caller: Caller) {
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return call(t.url, route.method, concretePath(route.url), {
    token: caller.token,
    apiKey: caller.apiKey,
    ...(hasBody ? { json: {} } : {}),
  });
}

describe('the whole route table against every caller', () => {
  it('has routes, each declaring who may call it', () => {
    const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const route of apiRoutes) expect(route.access.length).toBeGreaterThan(0);
  });

  const names = [
    'anonymous',
    'api-key only',
    'guest',
    'patient A',
    'patient B',
    'agent',
    'ECP A',
    'ECP B',
    'admin',
  ];
  it.each(names)('%s gets what each route declares', async (name) => {
    const caller = callers.find((c) => c.name === name);
    if (!caller) throw new Error(name);
    const mismatches: string[] = [];
    for (const route of t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !isLogout(r))) {
      const res = await callRoute(route, caller);
      const allowed = allows(route.access, caller.principal);
      const expected = allowed ? 'allowed' : caller.principal.kind === 'user' ? 403 : 401;
      const ok = allowed
        ? res.status !== 401 && res.status !== 403 && res.status < 500
        : res.status === expected;
      if (!ok)
        mismatches.push(`${route.method} ${route.url}: expected ${expected}, got ${res.status}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('LogoutSfrw is for signed-in users and guests only', async () => {
    for (const caller of callers) {
      const route = t.app.routeTable.find(isLogout);
      if (!route) throw new Error('no logout route');
      const res = await callRoute(route, caller);
      const allowed = allows(route.access, caller.principal);
      expect(res.status, caller.name).toBe(allowed ? 200 : 401);
    }
  });
});
