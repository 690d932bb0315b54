import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { auditLog, sessionGuids } from '../../server/db/schema/platform';
import { validationMessages } from '../../shared/errors/messages';
import { call } from './helpers/http';
import { registrationCode } from './helpers/registration-code';
import { startTestApp, type TestApp } from './helpers/test-app';
import { demo, guestToken, login, userRow } from './helpers/users';

// The spec (§5, §8) is the oracle: its messages are written out word for word.
const emailFormat =
  'You have entered an incorrect email format. Please check spelling and try again.';
const passwordRule =
  'Your password must be 8 characters minimum, with at least one uppercase letter, one number, and one special character (e.g. @!#$%^&*).';
const alreadyRegistered =
  'An account with this email already exists. Please select "Already have an account?" to log in.';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const freshEmail = (prefix = 'new') => `${prefix}${Date.now()}${++counter}@example.test`;

/**
 * Registers as the apps do: a code sent to the body's Email first, then the registration with
 * it. Where no code can be sent (bad input, a taken email, no credentials), a well-formed
 * wrong one goes, so that the answer is about the input under test.
 */
const register = async (
  path: string,
  json: Record<string, unknown>,
  auth: { token?: string; apiKey?: string | null } = {},
) => {
  const caller = { apiKey: auth.apiKey === undefined ? t.config.apiKey : auth.apiKey, ...auth };
  const email = json.Email;
  const EmailCode =
    typeof email === 'string' && !('EmailCode' in json)
      ? await registrationCode(t.url, email, caller, Number(json.CompanyId)).catch(() => '000000')
      : undefined;
  return call(t.url, 'POST', `/api/user/${path}`, {
    json: EmailCode ? { ...json, EmailCode } : json,
    ...caller,
  });
};

const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  Email: freshEmail(),
  Password: 'Sunrise#2026',
  CompanyId: t.config.storefrontId,
  FirstName: 'Jane',
  LastName: 'Doe',
  PhoneNo: '555-123-4567',
  landingPage: '/products/eye-drops',
  redirectPage: '/checkout',
  ...overrides,
});

const validate = (token: string) => call(t.url, 'GET', '/api/auth/ValidateTokenSfrw', { token });

async function userCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? -1;
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditLog.action, outcome: auditLog.outcome })
    .from(auditLog)
    .where(eq(auditLog.subject, userId));
  return rows.map((r) => `${r.action}:${r.outcome}`);
}

/** Sends a bad body and checks the 400, its key, its message, and that nothing was stored. */
async function expectRefused(
  path: string,
  body: Record<string, unknown>,
  field: string,
  key: string,
  message?: string,
) {
  const before = await userCount();
  const res = await register(path, body);
  expect(res.status).toBe(400);
  expect(res.body.Data).toBeNull();
  expect(res.body.errors?.[field]).toBe(key);
  if (message) expect(res.body.Message).toBe(message);
  expect(await userCount()).toBe(before);
}

describe('POST /api/user/Register', () => {
  it('creates a patient and signs them in with a token that works', async () => {
    const body = validRegistration({ Email: `  Mixed.Case${++counter}@Example.TEST ` });
    const res = await register('Register', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Message: 'OK', status: 200 });
    const email = (body.Email as string).trim().toLowerCase();
    expect(res.body.Data).toMatchObject({
      token_type: 'bearer',
      userName: email,
      firstName: 'Jane',
      lastName: 'Doe',
      role: 'patient',
      expires_in: 30 * 60,
    });

    const check = await validate(res.body.Data.access_token);
    expect(check.status).toBe(200);
    expect(check.body.Data).toMatchObject({ valid: true, kind: 'user', role: 'patient' });
    expect(check.body.Data.userId).toBe(res.body.Data.userId);

    const row = await userRow(t, res.body.Data.userId);
    expect(row).toMatchObject({
      email,
      role: 'patient',
      signupSource: 'web',
      storefrontId: t.config.storefrontId,
      phone: '555-123-4567',
      landingPage: '/products/eye-drops',
      redirectPage: '/checkout',
      registeredByEcpId: null,
      intakeStatus: null,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordUpdatedAt).toBeInstanceOf(Date);
    expect(await auditActions(res.body.Data.userId)).toEqual(
      expect.arrayContaining(['auth.register.web:success', 'auth.sign-in.registration:success']),
    );

    // The password chosen at registration signs in, whatever the case of the email.
    const again = await login(t, email.toUpperCase(), 'Sunrise#2026');
    expect(again.status).toBe(200);
  });

  it('accepts a guest token in place of the api key', async () => {
    const res = await register('Register', validRegistration(), {
      apiKey: null,
      token: await guestToken(t),
    });
    expect(res.status).toBe(200);
  });

  it('refuses an anonymous caller (no api key, no token) with 401 and stores nothing', async () => {
    const before = await userCount();
    const res = await register('Register', validRegistration(), { apiKey: null });
    expect(res.status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('refuses a weak password with the spec message under Password', async () => {
    for (const password of [
      'short',
      'alllowercase1!',
      'NoDigits!!',
      'NoSpecial123',
      `A1!${'a'.repeat(48)}`,
    ]) {
      await expectRefused(
        'Register',
        validRegistration({ Password: password }),
        'Password',
        'passwordError',
        passwordRule,
      );
    }
  });

  it('refuses a malformed email with the spec message under Email', async () => {
    for (const email of ['not-an-email', 'a@b', '', `${'x'.repeat(250)}@example.test`]) {
      await expectRefused(
        'Register',
        validRegistration({ Email: email }),
        'Email',
        'emailError',
        emailFormat,
      );
    }
  });

  it('refuses short names and a short phone number with their keys', async () => {
    await expectRefused(
      'Register',
      validRegistration({ FirstName: ' J ' }),
      'FirstName',
      'firstNameError',
      validationMessages.firstNameError,
    );
    await expectRefused(
      'Register',
      validRegistration({ LastName: 'D' }),
      'LastName',
      'lastNameError',
      validationMessages.lastNameError,
    );
    await expectRefused(
      'Register',
      validRegistration({ PhoneNo: '555-1234' }),
      'PhoneNo',
      'phoneNoError',
      'Your phone number must be 10 characters.',
    );
  });

  it('treats PhoneNo as optional', async () => {
    const { PhoneNo: _omit, ...body } = validRegistration();
    const res = await register('Register', body);
    expect(res.status).toBe(200);
    expect((await userRow(t, res.body.Data.userId))?.phone).toBeNull();
  });

  it('refuses unknown fields, fields a caller may not set, and an unknown storefront', async () => {
    await expectRefused('Register', validRegistration({ Role: 'admin' }), 'Role', 'unknownField');
    await expectRefused(
      'Register',
      validRegistration({ CompanyId: 'abc' }),
      'CompanyId',
      'invalid',
    );
    const before = await userCount();
    const res = await register('Register', validRegistration({ CompanyId: 999_999 }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ CompanyId: 'invalid' });
    expect(await userCount()).toBe(before);
  });

  it('answers 409 with the spec message for an email already registered, in any case', async () => {
    const first = validRegistration();
    expect((await register('Register', first)).status).toBe(200);
    const before = await userCount();
    for (const email of [
      first.Email,
      (first.Email as string).toUpperCase(),
      demo.patient.email.toUpperCase(),
    ]) {
      const res = await register('Register', validRegistration({ Email: email }));
      expect(res.status).toBe(409);
      expect(res.body.Data).toBeNull();
      expect(res.body.Message).toBe(alreadyRegistered);
      expect(res.body.Message).toContain('"Already have an account?"');
    }
    expect(await userCount()).toBe(before);
  });

  it('lets exactly one of two simultaneous registrations of one email win', async () => {
    const email = freshEmail('race');
    const EmailCode = await registrationCode(t.url, email, { apiKey: t.config.apiKey });
    const answers = await Promise.all([
      register('Register', validRegistration({ Email: email, EmailCode })),
      register('Register', validRegistration({ Email: email.toUpperCase(), EmailCode })),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    // The loser finds the code spent or the email taken, by which of the two it reaches first.
    expect([400, 409]).toContain(statuses[1]);
    const rows = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it('takes the landing and redirect pages from the session GUID when the body has none', async () => {
    const [session] = await t.database.db
      .insert(sessionGuids)
      .values({ landingPage: '/lp/spring-sale', redirectPage: '/cart' })
      .returning();
    const { landingPage: _l, redirectPage: _r, ...body } = validRegistration();
    const res = await register('Register', { ...body, GUID: session?.guid });
    expect(res.status).toBe(200);
    expect(await userRow(t, res.body.Data.userId)).toMatchObject({
      landingPage: '/lp/spring-sale',
      redirectPage: '/cart',
    });
    // A GUID that is not a session id is ignored, never a server error.
    const odd = await register('Register', validRegistration({ GUID: "x' or 1=1 --" }));
    expect(odd.status).toBe(200);
  });
});

describe('POST /api/user/RegisterWithOtp', () => {
  it('creates a passcode-only patient and signs them in', async () => {
    const { Password: _p, ...body } = validRegistration();
    const res = await register('RegisterWithOtp', body);
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({ role: 'patient', firstName: 'Jane' });
    expect((await validate(res.body.Data.access_token)).status).toBe(200);
    const row = await userRow(t, res.body.Data.userId);
    expect(row).toMatchObject({ signupSource: 'otp', passwordHash: null, passwordUpdatedAt: null });
    expect(await auditActions(res.body.Data.userId)).toContain('auth.register.otp:success');

    // Later sign-ins use a one-time passcode sent to the email.
    const send = await call(t.url, 'POST', '/api/auth/SendLoginOtp', {
      form: {
        userName: body.Email as string,
        companyId: String(t.config.storefrontId),
        'channels[]': 'email',
      },
    });
    expect(send.status).toBe(200);
    const outbox = await call(
      t.url,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(body.Email as string)}`,
    );
    const code = /\b(\d{6})\b/.exec(outbox.body.Data[0].body)?.[1] ?? '';
    const verify = await call(t.url, 'POST', '/api/auth/VerifyLoginOtp', {
      form: { userName: body.Email as string, companyId: String(t.config.storefrontId), code },
    });
    expect(verify.status).toBe(200);
    expect(verify.body.Data.userId).toBe(res.body.Data.userId);
  });

  it('refuses a Password field (this variant has none) and bad input, storing nothing', async () => {
    await expectRefused('RegisterWithOtp', validRegistration(), 'Password', 'unknownField');
    const { Password: _p, ...body } = validRegistration();
    await expectRefused(
      'RegisterWithOtp',
      { ...body, Email: 'nope' },
      'Email',
      'emailError',
      emailFormat,
    );
    await expectRefused(
      'RegisterWithOtp',
      { ...body, FirstName: 'J' },
      'FirstName',
      'firstNameError',
      validationMessages.firstNameError,
    );
  });

  it('answers 409 for an email already registered', async () => {
    const { Password: _p, ...body } = validRegistration({ Email: demo.agent.email.toUpperCase() });
    const res = await register('RegisterWithOtp', body);
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe(alreadyRegistered);
  });
});

describe('POST /api/user/RegisterJTM (join the movement)', () => {
  const jtm = (overrides: Record<string, unknown> = {}) => ({
    FullName: 'Mary Ann   Smith',
    Email: freshEmail('jtm'),
    CompanyId: t.config.storefrontId,
    Password: 'Movement#2026',
    ...overrides,
  });

  it('splits the full name (last word is the last name) and signs in', async () => {
    const body = jtm();
    const res = await register('RegisterJTM', body);
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      firstName: 'Mary Ann',
      lastName: 'Smith',
      role: 'patient',
    });
    expect((await validate(res.body.Data.access_token)).status).toBe(200);
    const row = await userRow(t, res.body.Data.userId);
    expect(row?.signupSource).toBe('join-the-movement');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await auditActions(res.body.Data.userId)).toContain(
      'auth.register.join-the-movement:success',
    );
    expect((await login(t, body.Email, 'Movement#2026')).status).toBe(200);
  });

  it('without a password creates a passcode-only account', async () => {
    const { Password: _p, ...body } = jtm();
    const res = await register('RegisterJTM', body);
    expect(res.status).toBe(200);
    expect((await userRow(t, res.body.Data.userId))?.passwordHash).toBeNull();
  });

  it('refuses a full name of one word or a short word, and a weak password', async () => {
    for (const name of ['Cher', 'J Smith', 'Jane S', '   ']) {
      await expectRefused(
        'RegisterJTM',
        jtm({ FullName: name }),
        'FullName',
        'fullNameError',
        validationMessages.fullNameError,
      );
    }
    await expectRefused(
      'RegisterJTM',
      jtm({ Password: 'short' }),
      'Password',
      'passwordError',
      passwordRule,
    );
    await expectRefused('RegisterJTM', jtm({ Email: 'x@' }), 'Email', 'emailError', emailFormat);
  });

  it('answers 409 for an email already registered', async () => {
    const res = await register('RegisterJTM', jtm({ Email: demo.ecp.email }));
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe(alreadyRegistered);
    const failures = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auth.register.join-the-movement'),
          eq(auditLog.outcome, 'failure'),
        ),
      );
    expect(failures.length).toBeGreaterThanOrEqual(1);
  });
});

describe('the email proven before the account exists (SendRegistrationCode)', () => {
  const invalidCode =
    'This code is not valid or has expired. Check the email we sent you, or send a new code.';
  const caller = () => ({ apiKey: t.config.apiKey });
  const send = (Email: string) =>
    call(t.url, 'POST', '/api/user/SendRegistrationCode', {
      ...caller(),
      json: { Email, CompanyId: t.config.storefrontId },
    });
  const registerWith = (body: Record<string, unknown>) =>
    call(t.url, 'POST', '/api/user/Register', { ...caller(), json: body });

  it('mails a 6-digit code; the account it makes is proven and keeps its password', async () => {
    const body = validRegistration();
    const sent = await send(body.Email as string);
    expect(sent.status).toBe(200);
    expect(sent.body.Data).toEqual({ resendAfterSeconds: 30 });
    const mail = await call(
      t.url,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(body.Email as string)}`,
    );
    expect(mail.body.Data[0].subject).toBe('Your code to create an account');
    const EmailCode = /\b(\d{6})\b/.exec(mail.body.Data[0].body)?.[1] ?? '';
    const res = await registerWith({ ...body, EmailCode });
    expect(res.status).toBe(200);
    const row = await userRow(t, res.body.Data.userId);
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).not.toBeNull();
    // Spent: the same code makes nothing more.
    const again = await registerWith({ ...validRegistration(), Email: body.Email, EmailCode });
    expect(again.status).toBe(409);
  });

  it('refuses a registration without the code, with a wrong one, or with another address’s, and stores nothing', async () => {
    const before = await userCount();
    const body = validRegistration();
    const missing = await registerWith(body);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.EmailCode).toBe('emailCodeError');

    const code = await registrationCode(t.url, body.Email as string, caller());
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await registerWith({ ...body, EmailCode: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(invalidCode);
    expect(refused.body.errors).toEqual({ EmailCode: 'emailCodeError' });

    const other = validRegistration();
    const theirs = await registerWith({ ...other, EmailCode: code });
    expect(theirs.status).toBe(400);
    expect(theirs.body.Message).toBe(invalidCode);
    expect(await userCount()).toBe(before);
  });

  it('takes five wrong tries, after which the right code no longer works', async () => {
    const body = validRegistration();
    const code = await registrationCode(t.url, body.Email as string, caller());
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const tries = await Promise.all(
      Array.from({ length: 6 }, () => registerWith({ ...body, EmailCode: wrong })),
    );
    expect(tries.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400]);
    const late = await registerWith({ ...body, EmailCode: code });
    expect(late.status).toBe(400);
    expect(late.body.Message).toBe(invalidCode);
  });

  it('asks to wait before another code, and refuses a taken address with the spec message', async () => {
    const email = freshEmail('wait');
    expect((await send(email)).status).toBe(200);
    const soon = await send(email);
    expect(soon.status).toBe(429);
    expect(soon.body.Message).toMatch(
      /^Please wait \d+ seconds before requesting a new passcode\.$/,
    );
    const taken = await send(demo.patient.email.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body.Message).toBe(alreadyRegistered);
    const malformed = await send('x@');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.Email).toBe('emailError');
  });
});
