import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { auditLog } from '../../server/db/schema/platform';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, login } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const password = 'Sunrise#2026';

/**
 * An account registered before registration asked for a code (migration 0022): it holds a
 * password its registrant chose and an email nobody proved. Answers the registrant's token.
 */
async function registeredWithoutProof(email: string, phone?: string) {
  const user = await createUser(t, { email, password, ...(phone ? { phone } : {}) });
  await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
  const res = await login(t, email, password);
  expect(res.status).toBe(200);
  return res.body.Data.access_token as string;
}

async function passcodeSignIn(email: string, channel: 'email' | 'sms', to: string) {
  const form = { userName: email, companyId: '132' };
  const sent = await call(t.url, 'POST', '/api/auth/SendLoginOtp', {
    form: { ...form, 'channels[]': [channel] },
  });
  expect(sent.status).toBe(200);
  const outbox = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const code = /\b(\d{6})\b/.exec(outbox.body.Data[0]?.body as string)?.[1] ?? '';
  const res = await call(t.url, 'POST', '/api/auth/VerifyLoginOtp', { form: { ...form, code } });
  expect(res.status).toBe(200);
  return res.body.Data.access_token as string;
}

const userInfo = (token: string) => call(t.url, 'GET', '/api/user/User/UserInfo', { token });

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('pre-account hijacking', () => {
  it('nobody registers an address whose mail they cannot read', async () => {
    const email = `victim-${randomUUID()}@example.test`;
    const body = {
      Email: email,
      Password: password,
      CompanyId: 132,
      FirstName: 'Mallory',
      LastName: 'First',
    };
    const apiKey = t.config.apiKey;
    // Without a code, or guessing the one mailed to the owner, no account is made.
    const bare = await call(t.url, 'POST', '/api/user/Register', { apiKey, json: body });
    expect(bare.status).toBe(400);
    const sent = await call(t.url, 'POST', '/api/user/SendRegistrationCode', {
      apiKey,
      json: { Email: email, CompanyId: 132 },
    });
    expect(sent.status).toBe(200);
    const mailed = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const code = /\b(\d{6})\b/.exec(mailed.body.Data[0]?.body as string)?.[1];
    for (const guess of ['000000', '123456', '999999'].filter((g) => g !== code)) {
      const res = await call(t.url, 'POST', '/api/user/Register', {
        apiKey,
        json: { ...body, EmailCode: guess },
      });
      expect(res.status).toBe(400);
    }
    expect(await userRow(email)).toBeUndefined();
  });

  it("the owner's first passcode by email ends the registrant's session and password", async () => {
    const email = `victim-${randomUUID()}@example.test`;
    // Someone registers the address first, with a password of their choosing.
    const squatter = await registeredWithoutProof(email);
    expect((await userRow(email))?.emailVerifiedAt).toBeNull();
    expect((await userInfo(squatter)).status).toBe(200);

    // The owner signs in with a passcode sent to the address.
    const owner = await passcodeSignIn(email, 'email', email);
    expect((await userRow(email))?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await userInfo(squatter)).status).toBe(401);
    expect((await login(t, email, password)).status).toBe(400);
    expect((await userInfo(owner)).status).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auth.email-proven'),
          eq(auditLog.subject, (await userRow(email))?.id ?? ''),
        ),
      );
    expect(entry?.detail).toMatchObject({ passwordCleared: true });
  });

  it('a passcode by text does not prove the email (the registrant may have given their phone)', async () => {
    const email = `victim-${randomUUID()}@example.test`;
    const phone = `55555${String(Date.now()).slice(-5)}`;
    const squatter = await registeredWithoutProof(email, phone);
    await passcodeSignIn(email, 'sms', phone);
    expect((await userRow(email))?.emailVerifiedAt).toBeNull();
    expect((await userInfo(squatter)).status).toBe(200);
  });

  it('a password reset by the link sent to the address proves it', async () => {
    const email = `victim-${randomUUID()}@example.test`;
    const squatter = await registeredWithoutProof(email);
    await call(t.url, 'POST', '/api/auth/ResetPasswordEmail', {
      apiKey: t.config.apiKey,
      json: { email },
    });
    const outbox = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(outbox.body.Data[0]?.body as string)?.[1] ?? '';
    const reset = await call(t.url, 'POST', '/api/auth/ResetPassword', {
      apiKey: t.config.apiKey,
      json: { token, password: 'Moonrise#2027' },
    });
    expect(reset.status).toBe(200);
    expect((await userRow(email))?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await userInfo(squatter)).status).toBe(401);
    expect((await login(t, email, 'Moonrise#2027')).status).toBe(200);
  });
});
