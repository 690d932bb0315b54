import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPasscodes } from '../../server/db/schema/identity';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser } from './helpers/users';

const invalidPasscode =
  'Invalid passcode. Please try again or click the Send a new passcode link below to generate a new passcode.';
const unknownEmail =
  "We do not have record of this email on our site, please verify correct spelling and format, or select 'Don't have an account?' below.";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const send = (email: string, channels: string[] = ['email']) =>
  call(t.url, 'POST', '/api/auth/SendLoginOtp', {
    form: { userName: email, companyId: '132', 'channels[]': channels },
  });

const verify = (email: string, code: string, extra: Record<string, string> = {}) =>
  call(t.url, 'POST', '/api/auth/VerifyLoginOtp', {
    form: { userName: email, companyId: '132', code, ...extra },
  });

async function latestCode(to: string): Promise<string> {
  const res = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = res.body.Data[0]?.body as string;
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no passcode for ${to}`);
  return code;
}

/** Lets a new passcode be sent at once, as if the 30 seconds had passed. */
async function skipResendWait(userId: string) {
  await t.database.db
    .update(loginPasscodes)
    .set({ createdAt: sql`${loginPasscodes.createdAt} - interval '1 minute'` })
    .where(eq(loginPasscodes.userId, userId));
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('SendLoginOtp and VerifyLoginOtp', () => {
  it('sends a 6-digit passcode by email and signs in with it', async () => {
    const user = await createUser(t);
    const sent = await send(user.email);
    expect(sent.status).toBe(200);
    expect(sent.body.Data).toEqual({ channels: ['email'], resendAfterSeconds: 30 });
    const code = await latestCode(user.email);
    const res = await verify(user.email, code, { GUID: 'abc', clientIp: '1.2.3.4', GA: 'x' });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({ token_type: 'bearer', userName: user.email });
  });

  it('sends by SMS and email together', async () => {
    const user = await createUser(t, { phone: '5555550123' });
    const sent = await send(user.email, ['sms', 'email']);
    expect(sent.status).toBe(200);
    const sms = await call(t.url, 'GET', '/api/dev/outbox?to=5555550123');
    expect(sms.body.Data[0]).toMatchObject({ channel: 'sms' });
    expect(await latestCode('5555550123')).toBe(await latestCode(user.email));
  });

  it('stores only a hash of the passcode', async () => {
    const user = await createUser(t);
    await send(user.email);
    const code = await latestCode(user.email);
    const [row] = await t.database.db
      .select()
      .from(loginPasscodes)
      .where(eq(loginPasscodes.userId, user.id));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toMatch(/^\$argon2id\$/);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(Math.round(minutes)).toBe(10);
  });

  it('answers an unknown email with the spec message', async () => {
    const res = await send('nobody@example.test');
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe(unknownEmail);
  });

  it('answers "Error sending OTP to SMS." when the account has no phone', async () => {
    const user = await createUser(t, { phone: null });
    const res = await send(user.email, ['sms']);
    expect(res.body.Message).toBe('Error sending OTP to SMS.');
  });

  it.each([
    ['no channel', { userName: 'a@b.co', companyId: '132' }],
    ['an unknown channel', { userName: 'a@b.co', companyId: '132', 'channels[]': 'fax' }],
    ['a bad email', { userName: 'nope', companyId: '132', 'channels[]': 'email' }],
  ])('refuses %s with 400', async (_case, form) => {
    const res = await call(t.url, 'POST', '/api/auth/SendLoginOtp', { form });
    expect(res.status).toBe(400);
  });

  it('a wrong passcode gives the spec message', async () => {
    const user = await createUser(t);
    await send(user.email);
    const code = await latestCode(user.email);
    const res = await verify(user.email, wrong(code));
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe(invalidPasscode);
  });

  it('a passcode that is not 6 digits is refused before any check', async () => {
    const res = await verify('a@b.co', '12345');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ code: 'passcodeError' });
  });

  it('stops brute force at 5 tries: after 5 wrong codes the right one fails', async () => {
    const user = await createUser(t);
    await send(user.email);
    const code = await latestCode(user.email);
    for (let i = 0; i < 5; i += 1) {
      expect((await verify(user.email, wrong(code))).body.Message).toBe(invalidPasscode);
    }
    expect((await verify(user.email, code)).body.Message).toBe(invalidPasscode);
  });

  it('parallel guesses cannot exceed 5 tries', async () => {
    const user = await createUser(t);
    await send(user.email);
    const code = await latestCode(user.email);
    await Promise.all(Array.from({ length: 20 }, () => verify(user.email, wrong(code))));
    const [row] = await t.database.db
      .select()
      .from(loginPasscodes)
      .where(eq(loginPasscodes.userId, user.id));
    expect(row?.failedAttempts).toBe(5);
    expect((await verify(user.email, code)).status).toBe(400);
  });

  it('a passcode works once', async () => {
    const user = await createUser(t);
    await send(user.email);
    const code = await latestCode(user.email);
    expect((await verify(user.email, code)).status).toBe(200);
    expect((await verify(user.email, code)).body.Message).toBe(invalidPasscode);
  });

  it('two parallel uses of the right passcode sign in once', async () => {
    const user = await createUser(t);
    await send(user.email);
    const code = await latestCode(user.email);
    const results = await Promise.all([verify(user.email, code), verify(user.email, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('an expired passcode fails', async () => {
    const user = await createUser(t);
    await send(user.email);
    const code = await latestCode(user.email);
    await t.database.db
      .update(loginPasscodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginPasscodes.userId, user.id));
    expect((await verify(user.email, code)).body.Message).toBe(invalidPasscode);
  });

  it('a passcode sent for account A fails for account B', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await send(a.email);
    await send(b.email);
    const codeA = await latestCode(a.email);
    const codeB = await latestCode(b.email);
    if (codeA === codeB) return; // one in a million: nothing to tell apart
    expect((await verify(b.email, codeA)).body.Message).toBe(invalidPasscode);
  });

  it('throttles resends: 30 seconds between sends, and a new passcode replaces the old', async () => {
    const user = await createUser(t);
    await send(user.email);
    const first = await latestCode(user.email);
    const again = await send(user.email);
    expect(again.status).toBe(429);
    expect(again.body.Message).toMatch(
      /^Please wait \d+ seconds before requesting a new passcode\.$/,
    );
    await skipResendWait(user.id);
    expect((await send(user.email)).status).toBe(200);
    const second = await latestCode(user.email);
    if (first !== second) expect((await verify(user.email, first)).status).toBe(400);
    expect((await verify(user.email, second)).status).toBe(200);
  });

  it('caps sends per account at 5 an hour', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i += 1) {
      expect((await send(user.email)).status).toBe(200);
      await skipResendWait(user.id);
    }
    expect((await send(user.email)).status).toBe(429);
  });
});
