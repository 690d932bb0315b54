import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, login } from './helpers/users';

const tooMany = 'Too many attempts from this network. Please wait a few minutes and try again.';

// Every sign-in path has the same per-IP protection, counted in the database.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    ipLimits: {
      signInFailures: 3,
      sends: 2,
      registrations: 1e4,
      guestTokens: 1e4,
      cardDeclines: 1e4,
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('per-IP throttling of every sign-in path', () => {
  it('password: failures from one IP are capped, whichever accounts they aim at', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await login(t, `someone${i}@example.test`, 'Wrong#2026')).status).toBe(400);
    }
    const user = await createUser(t);
    const res = await login(t, user.email, user.password);
    expect(res.status).toBe(429);
    expect(res.body.Message).toBe(tooMany);
  });

  it('passcode: wrong codes from one IP are capped', async () => {
    for (let i = 0; i < 3; i += 1) {
      await call(t.url, 'POST', '/api/auth/VerifyLoginOtp', {
        form: { userName: `x${i}@example.test`, companyId: '132', code: '123456' },
      });
    }
    const res = await call(t.url, 'POST', '/api/auth/VerifyLoginOtp', {
      form: { userName: 'y@example.test', companyId: '132', code: '123456' },
    });
    expect(res.status).toBe(429);
  });

  it('passcode sending: every send from one IP counts', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const c = await createUser(t);
    const send = (email: string) =>
      call(t.url, 'POST', '/api/auth/SendLoginOtp', {
        form: { userName: email, companyId: '132', 'channels[]': 'email' },
      });
    expect((await send(a.email)).status).toBe(200);
    expect((await send(b.email)).status).toBe(200);
    expect((await send(c.email)).status).toBe(429);
  });

  it('guest token: wrong client secrets are capped', async () => {
    const form = { grant_type: 'client_credentials', client_id: 'x', client_secret: 'y' };
    for (let i = 0; i < 3; i += 1) {
      expect((await call(t.url, 'POST', '/api/auth/AccessTokenAdmin', { form })).status).toBe(401);
    }
    expect((await call(t.url, 'POST', '/api/auth/AccessTokenAdmin', { form })).status).toBe(429);
  });
});
