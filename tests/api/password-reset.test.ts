import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../server/db/schema/identity';
import { auditLog } from '../../server/db/schema/platform';
import { newToken, sha256 } from '../../server/lib/secrets';
import { issueToken } from '../../server/modules/auth/token-service';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, login, tokenFor, userRow } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const emailFormatMessage =
  'You have entered an incorrect email format. Please check spelling and try again.';
const passwordRuleMessage =
  'Your password must be 8 characters minimum, with at least one uppercase letter, one number, and one special character (e.g. @!#$%^&*).';
const resetTokenMessage =
  'This password reset link is invalid or has expired. Please request a new one.';

function requestReset(email: string) {
  return call(t.url, 'POST', '/api/auth/ResetPasswordEmail', {
    json: { email },
    apiKey: t.config.apiKey,
  });
}

function resetWith(token: string, password: string) {
  return call(t.url, 'POST', '/api/auth/ResetPassword', {
    json: { token, password },
    apiKey: t.config.apiKey,
  });
}

async function outboxOf(address: string) {
  const res = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(address)}`);
  expect(res.status).toBe(200);
  return res.body.Data as { channel: string; to: string; subject: string; body: string }[];
}

const linkPattern = /(\S+)\/reset-password\?token=([A-Za-z0-9_-]+)/;

/** Asks for a reset and returns the token read from the one email that arrived. */
async function resetTokenFromEmail(email: string): Promise<string> {
  const res = await requestReset(email);
  expect(res.status).toBe(200);
  const mail = (await outboxOf(email)).find((m) => linkPattern.test(m.body));
  const token = mail && linkPattern.exec(mail.body)?.[2];
  if (!token) throw new Error('no reset link in the outbox');
  return token;
}

describe('POST /api/auth/ResetPasswordEmail', () => {
  it('emails one single link to a known account, stored only as a hash', async () => {
    const user = await createUser(t);
    const res = await requestReset(user.email);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Data: null, status: 200 });

    const mails = await outboxOf(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.channel).toBe('email');
    const match = linkPattern.exec(mail?.body ?? '');
    expect(match?.[1]).toBe(t.config.publicUrl);
    const token = match?.[2] ?? '';
    // 256 bits, base64url.
    expect(token).toHaveLength(43);

    const rows = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(sha256(token));
    expect(rows[0]?.usedAt).toBeNull();
    const lifetime = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(Math.round(lifetime / 60_000)).toBe(60);
  });

  it('answers an unknown email exactly as a known one and sends nothing', async () => {
    const known = await createUser(t);
    const unknown = `nobody-${Date.now()}@example.test`;
    const a = await requestReset(known.email);
    const b = await requestReset(unknown);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(await outboxOf(unknown)).toHaveLength(0);
  });

  it('finds the account whatever the case of the email', async () => {
    const user = await createUser(t);
    const res = await requestReset(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(await outboxOf(user.email)).toHaveLength(1);
  });

  it('sends at most one email a minute, and answers the same when it does not', async () => {
    const user = await createUser(t);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await outboxOf(user.email)).toHaveLength(1);
  });

  it('sends at most five emails an hour', async () => {
    const user = await createUser(t);
    // Five links asked for during the last hour, none in the last minute.
    await t.database.db.insert(passwordResets).values(
      [50, 40, 30, 20, 10].map((minutesAgo) => ({
        userId: user.id,
        tokenHash: sha256(newToken()),
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
        expiresAt: new Date(Date.now() + 10 * 60_000),
      })),
    );
    const res = await requestReset(user.email);
    expect(res.status).toBe(200);
    expect(res.body.Message).toBe(
      (await requestReset(`nobody-${Date.now()}@example.test`)).body.Message,
    );
    expect(await outboxOf(user.email)).toHaveLength(0);
  });

  it('refuses a malformed email with the spec message', async () => {
    const res = await requestReset('not-an-email');
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe(emailFormatMessage);
    expect(res.body.errors).toEqual({ email: 'emailFormatError' });
  });

  it('refuses unknown fields and callers without the api key', async () => {
    const user = await createUser(t);
    const extra = await call(t.url, 'POST', '/api/auth/ResetPasswordEmail', {
      json: { email: user.email, role: 'admin' },
      apiKey: t.config.apiKey,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual({ role: 'unknownField' });
    const anonymous = await call(t.url, 'POST', '/api/auth/ResetPasswordEmail', {
      json: { email: user.email },
    });
    expect(anonymous.status).toBe(401);
    expect(await outboxOf(user.email)).toHaveLength(0);
  });
});

describe('POST /api/auth/ResetPassword', () => {
  it('sets the new password, ends every session, and tells the user by email', async () => {
    const user = await createUser(t);
    const before = await tokenFor(t, user.email, user.password);
    const alsoBefore = await issueToken(t.database.db, {
      kind: 'user',
      userId: user.id,
      role: 'patient',
      ip: null,
    });
    expect((await call(t.url, 'GET', '/api/user/User/UserInfo', { token: before })).status).toBe(
      200,
    );
    const token = await resetTokenFromEmail(user.email);

    const res = await resetWith(token, 'Brand#New2026');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Data: null, status: 200 });

    // Every token issued before no longer works.
    for (const old of [before, alsoBefore.token]) {
      const info = await call(t.url, 'GET', '/api/user/User/UserInfo', { token: old });
      expect(info.status).toBe(401);
    }
    // The old password fails, the new one works.
    expect((await login(t, user.email, user.password)).status).toBe(400);
    expect((await login(t, user.email, 'Brand#New2026')).status).toBe(200);

    const row = await userRow(t, user.id);
    expect(row?.passwordUpdatedAt?.getTime()).toBeGreaterThan(
      user.passwordUpdatedAt?.getTime() ?? 0,
    );

    const [newest] = await outboxOf(user.email);
    expect(newest?.subject).toBe('Your password was changed');
    expect(newest?.body).not.toContain(token);
  });

  it('works once only', async () => {
    const user = await createUser(t);
    const token = await resetTokenFromEmail(user.email);
    expect((await resetWith(token, 'First#Reset1')).status).toBe(200);
    const again = await resetWith(token, 'Second#Reset2');
    expect(again.status).toBe(400);
    expect(again.body.Message).toBe(resetTokenMessage);
    expect(again.body.errors).toEqual({ token: 'resetTokenError' });
    expect((await login(t, user.email, 'First#Reset1')).status).toBe(200);
    expect((await login(t, user.email, 'Second#Reset2')).status).toBe(400);
  });

  it('ends the other links sent to the account', async () => {
    const user = await createUser(t);
    const token = await resetTokenFromEmail(user.email);
    const other = newToken();
    await t.database.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: sha256(other),
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    expect((await resetWith(token, 'First#Reset1')).status).toBe(200);
    const res = await resetWith(other, 'Other#Reset2');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ token: 'resetTokenError' });
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t);
    const token = await resetTokenFromEmail(user.email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.tokenHash, sha256(token)));
    const res = await resetWith(token, 'Late#Reset2026');
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe(resetTokenMessage);
    expect(res.body.errors).toEqual({ token: 'resetTokenError' });
    expect((await login(t, user.email, user.password)).status).toBe(200);
  });

  it('refuses a made-up or malformed token', async () => {
    for (const token of [newToken(), 'short', 'has spaces in it']) {
      const res = await resetWith(token, 'Made#Up2026');
      expect(res.status).toBe(400);
      expect(res.body.Message).toBe(resetTokenMessage);
      expect(res.body.errors).toEqual({ token: 'resetTokenError' });
    }
  });

  it('refuses a weak password with the spec message and leaves the link usable', async () => {
    const user = await createUser(t);
    const token = await resetTokenFromEmail(user.email);
    for (const weak of [
      'Sh#1rt',
      'nouppercase#1',
      'NoSpecial1',
      'NoDigit#x',
      'A#1'.padEnd(51, 'a'),
    ]) {
      const res = await resetWith(token, weak);
      expect(res.status).toBe(400);
      expect(res.body.Message).toBe(passwordRuleMessage);
      expect(res.body.errors).toEqual({ password: 'passwordError' });
    }
    expect((await resetWith(token, 'Strong#2026')).status).toBe(200);
  });

  it('keeps all 50 characters of a password: the 49-character prefix fails', async () => {
    const user = await createUser(t);
    const token = await resetTokenFromEmail(user.email);
    const long = `Aa#1${'x'.repeat(45)}z`;
    expect(long).toHaveLength(50);
    expect((await resetWith(token, long)).status).toBe(200);
    expect((await login(t, user.email, long.slice(0, 49))).status).toBe(400);
    expect((await login(t, user.email, long)).status).toBe(200);
  });

  it('clears a lock-out, and audits the reset without the token or password', async () => {
    const user = await createUser(t);
    await t.database.db
      .update(users)
      .set({ failedLogins: 7, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(users.id, user.id));
    const token = await resetTokenFromEmail(user.email);
    expect((await resetWith(token, 'Unlock#2026')).status).toBe(200);
    const row = await userRow(t, user.id);
    expect(row?.failedLogins).toBe(0);
    expect(row?.lockedUntil).toBeNull();
    expect((await login(t, user.email, 'Unlock#2026')).status).toBe(200);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, user.id), eq(auditLog.action, 'auth.password-reset')))
      .orderBy(desc(auditLog.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.outcome).toBe('success');
    const text = JSON.stringify(entries);
    expect(text).not.toContain(token);
    expect(text).not.toContain('Unlock#2026');
  });
});
