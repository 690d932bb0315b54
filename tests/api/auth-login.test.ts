import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, users } from '../../server/db/schema/identity';
import { auditLog } from '../../server/db/schema/platform';
import { messages } from '../../shared/errors/messages';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, guestToken, login, tokenFor } from './helpers/users';

const wrongCombination =
  'This combination of email and password is incorrect. Please verify correct spelling, or select "Don\'t have an account?" below.';
const emailFormat =
  'You have entered an incorrect email format. Please check spelling and try again.';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const validate = (token: string) => call(t.url, 'GET', '/api/auth/ValidateTokenSfrw', { token });
const cart = (token: string) => call(t.url, 'GET', '/api/user/Cart/GetItemsInCart', { token });

/**
 * Refused as a session that ended: by a route whose token the auth hook checks, and by the
 * cart, whose token is checked in the statement that reads the cart.
 */
async function expectRefused(token: string) {
  for (const res of [await validate(token), await cart(token)]) {
    expect(res.status).toBe(401);
    expect(res.body.Message).toBe(messages.sessionEnded);
  }
}

describe('AccessTokenSfrw (password sign-in, form data)', () => {
  it('signs the demo patient in with an opaque token that works', async () => {
    const res = await login(t, demo.patient.email, demo.patient.password);
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      token_type: 'bearer',
      userName: demo.patient.email,
      role: 'patient',
      expires_in: 30 * 60,
    });
    const token = res.body.Data.access_token as string;
    expect(token.length).toBeGreaterThanOrEqual(32);
    const check = await validate(token);
    expect(check.status).toBe(200);
    expect(check.body.Data).toMatchObject({ valid: true, kind: 'user', role: 'patient' });
  });

  it('stores only the token hash', async () => {
    const token = await tokenFor(t, demo.patient.email, demo.patient.password);
    const rows = await t.database.db
      .select()
      .from(authTokens)
      .where(sql`${authTokens.tokenHash} = ${token}`);
    expect(rows).toHaveLength(0);
  });

  it('gives staff a 15-minute idle time-out', async () => {
    const res = await login(t, demo.agent.email, demo.agent.password);
    expect(res.body.Data.expires_in).toBe(15 * 60);
  });

  it.each([
    ['a wrong password', demo.patient.email, 'Wrong#2026'],
    ['an unknown email', 'nobody@example.test', 'Wrong#2026'],
  ])('answers %s with the spec message', async (_case, email, password) => {
    const res = await login(t, email, password);
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe(wrongCombination);
  });

  it('refuses a malformed email with emailError before checking anything', async () => {
    const res = await login(t, 'not-an-email', 'whatever');
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe(emailFormat);
    expect(res.body.errors).toEqual({ username: 'emailError' });
  });

  it.each([
    ['missing password', { username: demo.patient.email, companyid: '132' }],
    ['missing company', { username: demo.patient.email, password: 'x' }],
    [
      'unknown field',
      { username: demo.patient.email, password: 'x', companyid: '132', role: 'admin' },
    ],
    ['company not a number', { username: demo.patient.email, password: 'x', companyid: 'abc' }],
  ])('refuses %s with 400', async (_case, form) => {
    const res = await call(t.url, 'POST', '/api/auth/AccessTokenSfrw', { form });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(400);
  });

  it('stores passwords with argon2id, m=19 MiB, t=2, p=1', async () => {
    const [row] = await t.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, demo.patient.email));
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('does not truncate: a 50-character password fails with its 49-character prefix', async () => {
    const long = `Aa1#${'x'.repeat(46)}`;
    expect(long).toHaveLength(50);
    const user = await createUser(t, { password: long });
    expect((await login(t, user.email, long.slice(0, 49))).status).toBe(400);
    expect((await login(t, user.email, long)).status).toBe(200);
  });

  it('writes an audit entry for each sign-in, without secrets', async () => {
    const user = await createUser(t);
    await login(t, user.email, 'Wrong#2026');
    await login(t, user.email, user.password);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, user.id))
      .orderBy(desc(auditLog.id));
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([
      ['auth.sign-in.password', 'success'],
      ['auth.sign-in.password', 'failure'],
    ]);
    expect(entries[0]?.ip).toBe('127.0.0.1');
    expect(entries[0]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(entries)).not.toContain(user.password);
  });

  it('the audit log is append-only', async () => {
    await expect(t.database.db.update(auditLog).set({ action: 'x' })).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
  });
});

describe('lock-out', () => {
  it('locks a patient for 5 minutes after 10 failures; the right password then fails too', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i += 1) {
      expect((await login(t, user.email, 'Wrong#2026')).status).toBe(400);
    }
    const locked = await login(t, user.email, user.password);
    expect(locked.status).toBe(429);
    expect(locked.body.Message).toContain('5 minutes');
  });

  it('locks staff for 30 minutes', async () => {
    const agent = await createUser(t, { role: 'agent' });
    for (let i = 0; i < 10; i += 1) await login(t, agent.email, 'Wrong#2026');
    const locked = await login(t, agent.email, agent.password);
    expect(locked.status).toBe(429);
    expect(locked.body.Message).toContain('30 minutes');
  });

  it('counts each attempt before checking it: of 200 parallel wrong passwords at most 10 are checked', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => login(t, user.email, 'Wrong#2026')),
    );
    const checked = answers.filter((a) => a.status === 400);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(checked.length + refused.length).toBe(200);
    expect(refused[0]?.body.Message).toContain('5 minutes');
    // Locked: the right password is refused too, without being checked.
    expect((await login(t, user.email, user.password)).status).toBe(429);
  });

  it('after 100 failures in a row only a passcode or a reset lets in (NIST SP 800-63B)', async () => {
    const user = await createUser(t);
    await t.database.db.update(users).set({ consecutiveFailures: 99 }).where(eq(users.id, user.id));
    expect((await login(t, user.email, 'Wrong#2026')).status).toBe(400);
    const blocked = await login(t, user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.Message).toBe(
      'Too many unsuccessful sign-in attempts. Please reset your password, or sign in with a one-time passcode.',
    );
    // A passcode sign-in clears the count.
    const form = { userName: user.email, companyId: '132' };
    const sent = await call(t.url, 'POST', '/api/auth/SendLoginOtp', {
      form: { ...form, 'channels[]': ['email'] },
    });
    expect(sent.status).toBe(200);
    const outbox = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
    const code = /\b(\d{6})\b/.exec(outbox.body.Data[0]?.body as string)?.[1] ?? '';
    const verified = await call(t.url, 'POST', '/api/auth/VerifyLoginOtp', {
      form: { ...form, code },
    });
    expect(verified.status).toBe(200);
    expect((await login(t, user.email, user.password)).status).toBe(200);
  });

  it('a success resets the count', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 9; i += 1) await login(t, user.email, 'Wrong#2026');
    expect((await login(t, user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 9; i += 1) await login(t, user.email, 'Wrong#2026');
    expect((await login(t, user.email, user.password)).status).toBe(200);
  });
});

describe('tokens', () => {
  it('LogoutSfrw revokes the token on the server', async () => {
    const token = await tokenFor(t, demo.patient.email, demo.patient.password);
    const out = await call(t.url, 'POST', '/api/auth/LogoutSfrw', { token });
    expect(out.status).toBe(200);
    await expectRefused(token);
  });

  it('a token last seen a while ago is marked seen by a read that checks it with its data', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user.email, user.password);
    const aWhileAgo = new Date(Date.now() - 5 * 60 * 1000);
    const mine = eq(authTokens.userId, user.id);
    await t.database.db.update(authTokens).set({ lastSeenAt: aWhileAgo }).where(mine);
    const res = await cart(token);
    expect(res.status).toBe(200);
    expect(res.body.Data).toBeNull();
    const [seen] = await t.database.db.select().from(authTokens).where(mine);
    expect(seen?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a new token at every sign-in', async () => {
    const a = await tokenFor(t, demo.patient.email, demo.patient.password);
    const b = await tokenFor(t, demo.patient.email, demo.patient.password);
    expect(a).not.toBe(b);
  });

  it('an idle token expires (patients 30 minutes)', async () => {
    const token = await tokenFor(t, demo.patient.email, demo.patient.password);
    await t.database.db
      .update(authTokens)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(
        sql`${authTokens.revokedAt} is null and ${authTokens.createdAt} > now() - interval '1 minute'`,
      );
    await expectRefused(token);
  });

  it('a token past its absolute limit fails even when used', async () => {
    const token = await tokenFor(t, demo.admin.email, demo.admin.password);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${authTokens.revokedAt} is null`);
    await expectRefused(token);
  });

  it('an unknown bearer token is refused with 401', async () => {
    await expectRefused('x'.repeat(43));
    await expectRefused('short');
  });

  it('a disabled account loses its tokens at once', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user.email, user.password);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    await expectRefused(token);
    expect((await login(t, user.email, user.password)).body.Message).toBe(wrongCombination);
  });
});

describe('AccessTokenAdmin (guest token)', () => {
  it('issues a guest token for the fixed client credentials', async () => {
    const token = await guestToken(t);
    const check = await validate(token);
    expect(check.body.Data).toMatchObject({ valid: true, kind: 'guest', userId: null, role: null });
  });

  it('refuses wrong credentials with 401', async () => {
    const res = await call(t.url, 'POST', '/api/auth/AccessTokenAdmin', {
      form: {
        grant_type: 'client_credentials',
        client_id: t.config.guestClientId,
        client_secret: 'wrong',
      },
    });
    expect(res.status).toBe(401);
  });
});
