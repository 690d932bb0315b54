import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes } from '../../server/db/schema/orders';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { demo, login } from './helpers/users';

// The app as a server without STOREFRONT_DEV_MODE builds it (given its own keys).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    devMode: false,
    devOutbox: false,
    apiDocs: false,
    seedDemoAccounts: false,
  });
});
afterAll(async () => {
  await t.close();
});

describe('without the development switch', () => {
  it('has no dev outbox: nobody reads anybody passcode', async () => {
    const res = await call(t.url, 'GET', '/api/dev/outbox?to=patient@demo.test');
    expect(res.status).toBe(404);
  });

  it('has no demo accounts', async () => {
    for (const account of [demo.admin, demo.agent, demo.patient]) {
      const res = await login(t, account.email, account.password);
      expect(res.status, account.email).not.toBe(200);
    }
  });

  it('has no demo promo codes', async () => {
    expect(await t.database.db.select().from(promoCodes)).toEqual([]);
  });

  it('serves no API docs', async () => {
    expect((await call(t.url, 'GET', '/api/docs/json')).status).toBe(404);
  });
});
