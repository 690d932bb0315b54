import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { auditLog } from '../../server/db/schema/platform';
import { hashPassword } from '../../server/lib/passwords';
import { messages, validationMessages } from '../../shared/errors/messages';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { demo, login, tokenFor, userRow } from './helpers/users';

// The spec (§5, §8) is the oracle: its messages are written out word for word.
const emailFormat =
  'You have entered an incorrect email format. Please check spelling and try again.';
const passwordRule =
  'Your password must be 8 characters minimum, with at least one uppercase letter, one number, and one special character (e.g. @!#$%^&*).';
const alreadyRegistered =
  'An account with this email already exists. Please select "Already have an account?" to log in.';
const phoneNumberFormat = 'Invalid format. Please enter 10 digits.';

const intakePath = '/api/staff/intake/patients';

let t: TestApp;
let ecpA: string;
let ecpB: string;
let ecpBId: string;
let patientToken: string;
let agentToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  ecpA = await tokenFor(t, demo.ecp.email, demo.ecp.password);
  // A second ECP, straight in the database.
  const [b] = await t.database.db
    .insert(users)
    .values({
      email: 'ecp-b@example.test',
      passwordHash: await hashPassword('Optometry#B2026'),
      firstName: 'Beatrice',
      lastName: 'Bright',
      role: 'ecp',
      storefrontId: t.config.storefrontId,
      signupSource: 'staff',
      passwordUpdatedAt: new Date(),
    })
    .returning();
  ecpBId = b?.id ?? '';
  ecpB = await tokenFor(t, 'ecp-b@example.test', 'Optometry#B2026');
  patientToken = await tokenFor(t, demo.patient.email, demo.patient.password);
  agentToken = await tokenFor(t, demo.agent.email, demo.agent.password);
  adminToken = await tokenFor(t, demo.admin.email, demo.admin.password);
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const freshEmail = () => `invitee${Date.now()}${++counter}@example.test`;

const invitation = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Jordan',
  lastName: 'Rivers',
  email: freshEmail(),
  phoneNumber: '(555) 123-4567',
  dateOfBirth: '1980-02-03',
  ...overrides,
});

const invite = (token: string | null, json: unknown) =>
  call(t.url, 'POST', intakePath, { json, token });

const list = (token: string | null, query = '') =>
  call(t.url, 'GET', `${intakePath}${query}`, { token });

const validateIntake = (peopleId: string, apiKey: string | null = t.config.apiKey) =>
  call(
    t.url,
    'GET',
    `/api/user/ValidateIntakeByPeopleId?peopleId=${encodeURIComponent(peopleId)}&guid=${crypto.randomUUID()}`,
    { apiKey },
  );

const completeIntake = (json: unknown) =>
  call(t.url, 'POST', '/api/user/RegisterIntakeByEmail', { json, apiKey: t.config.apiKey });

async function userCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? -1;
}

async function invited(token = ecpA, overrides: Record<string, unknown> = {}) {
  const body = invitation(overrides);
  const res = await invite(token, body);
  expect(res.status).toBe(201);
  return { body, data: res.body.Data as { patientId: string; peopleId: string; status: string } };
}

describe('POST /api/staff/intake/patients (an ECP invites a patient)', () => {
  it('creates an invited patient owned by the ECP and emails the invitation link', async () => {
    const body = invitation({ email: `  Jordan.Rivers${++counter}@Example.test ` });
    const res = await invite(ecpA, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 201 });
    const data = res.body.Data;
    expect(data).toMatchObject({ status: 'invited', invitationSent: true });
    expect(data.peopleId).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const ecpRow = (await login(t, demo.ecp.email, demo.ecp.password)).body.Data;
    const email = body.email.trim().toLowerCase();
    const row = await userRow(t, data.patientId);
    expect(row).toMatchObject({
      email,
      role: 'patient',
      passwordHash: null,
      registeredByEcpId: ecpRow.userId,
      intakePeopleId: data.peopleId,
      intakeStatus: 'invited',
      signupSource: 'ecp-intake',
      phone: '5551234567',
      dateOfBirth: '1980-02-03',
      storefrontId: t.config.storefrontId,
    });

    const outbox = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.body.Data).toHaveLength(1);
    expect(outbox.body.Data[0]).toMatchObject({ channel: 'email', to: email });
    expect(outbox.body.Data[0].body).toContain(
      `${t.config.publicUrl}/register?peopleId=${data.peopleId}`,
    );

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'intake.invite'), eq(auditLog.subject, data.patientId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      outcome: 'success',
      actorId: ecpRow.userId,
      actorRole: 'ecp',
    });
  });

  it('refuses bad input with the spec keys and messages, storing and sending nothing', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ phoneNumber: '555-1234' }, 'phoneNumber', 'phoneNumberError', phoneNumberFormat],
      [{ email: 'nobody@' }, 'email', 'emailError', emailFormat],
      [{ firstName: 'J' }, 'firstName', 'firstNameError', validationMessages.firstNameError],
      [{ lastName: '' }, 'lastName', 'lastNameError', validationMessages.lastNameError],
      [
        { dateOfBirth: '2999-01-01' },
        'dateOfBirth',
        'dateOfBirthError',
        validationMessages.dateOfBirthError,
      ],
      [{ registeredByEcpId: crypto.randomUUID() }, 'registeredByEcpId', 'unknownField', ''],
    ];
    for (const [overrides, field, key, message] of cases) {
      const before = await userCount();
      const body = invitation(overrides);
      const res = await invite(ecpA, body);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[field]).toBe(key);
      if (message) expect(res.body.Message).toBe(message);
      expect(await userCount()).toBe(before);
    }
  });

  it('answers 409 with the spec message when the email is already registered, in any case', async () => {
    const before = await userCount();
    const res = await invite(ecpA, invitation({ email: demo.patient.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe(alreadyRegistered);
    const { body } = await invited();
    const again = await invite(ecpB, invitation({ email: body.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(await userCount()).toBe(before + 1);
  });

  it('is for ECPs only: anonymous 401, api key alone 401, patient, agent and admin 403', async () => {
    const before = await userCount();
    expect((await invite(null, invitation())).status).toBe(401);
    const keyOnly = await call(t.url, 'POST', intakePath, {
      json: invitation(),
      apiKey: t.config.apiKey,
    });
    expect(keyOnly.status).toBe(401);
    for (const token of [patientToken, agentToken, adminToken]) {
      expect((await invite(token, invitation())).status).toBe(403);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('GET /api/staff/intake/patients', () => {
  it("shows an ECP only their own patients, newest first; an admin sees every ECP's", async () => {
    const a1 = await invited(ecpA, { firstName: 'Alpha' });
    const a2 = await invited(ecpA, { firstName: 'Amber' });
    const b1 = await invited(ecpB, { firstName: 'Bravo' });

    const mine = await list(ecpA, '?limit=100');
    expect(mine.status).toBe(200);
    const mineIds = mine.body.Data.items.map((p: { patientId: string }) => p.patientId);
    expect(mineIds).toContain(a1.data.patientId);
    expect(mineIds).not.toContain(b1.data.patientId);
    expect(mineIds.indexOf(a2.data.patientId)).toBeLessThan(mineIds.indexOf(a1.data.patientId));
    expect(mine.body.Data.items[0]).toEqual({
      patientId: a2.data.patientId,
      firstName: 'Amber',
      lastName: 'Rivers',
      email: a2.body.email,
      status: 'invited',
    });

    const theirs = await list(ecpB, '?limit=100');
    const theirIds = theirs.body.Data.items.map((p: { patientId: string }) => p.patientId);
    expect(theirIds).toContain(b1.data.patientId);
    expect(theirIds).not.toContain(a1.data.patientId);
    expect(theirIds).not.toContain(a2.data.patientId);
    for (const id of theirIds) {
      expect((await userRow(t, id))?.registeredByEcpId).toBe(ecpBId);
    }

    const all = await list(adminToken, '?limit=100');
    expect(all.status).toBe(200);
    const allIds = all.body.Data.items.map((p: { patientId: string }) => p.patientId);
    expect(allIds).toEqual(
      expect.arrayContaining([a1.data.patientId, a2.data.patientId, b1.data.patientId]),
    );
    // Self-registered patients are not intake patients.
    const demoPatient = (await login(t, demo.patient.email, demo.patient.password)).body.Data
      .userId;
    expect(allIds).not.toContain(demoPatient);
  });

  it('pages by cursor without gaps or repeats', async () => {
    for (let i = 0; i < 3; i += 1) await invited(ecpB);
    const expected = (await list(ecpB, '?limit=100')).body.Data.items.map(
      (p: { patientId: string }) => p.patientId,
    );
    expect(expected.length).toBeGreaterThanOrEqual(4);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(ecpB, `?limit=2${cursor ? `&after=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.Data.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.Data.items.map((p: { patientId: string }) => p.patientId));
      cursor = res.body.Data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it("gives an empty page for another ECP's patient as cursor, and 400 for a malformed one", async () => {
    const a = await invited(ecpA);
    const res = await list(ecpB, `?after=${a.data.patientId}`);
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({ items: [], nextCursor: null });
    expect((await list(ecpB, '?after=not-a-cursor')).status).toBe(400);
    expect((await list(ecpB, '?limit=0')).status).toBe(400);
    expect((await list(ecpB, '?limit=101')).status).toBe(400);
    expect((await list(ecpB, '?limit=abc')).status).toBe(400);
    expect((await list(ecpB, '?unknown=1')).status).toBe(400);
  });

  it('refuses anonymous (401), patients and agents (403)', async () => {
    expect((await list(null)).status).toBe(401);
    expect((await list(patientToken)).status).toBe(403);
    expect((await list(agentToken)).status).toBe(403);
  });
});

describe('the invited patient finishes registering', () => {
  it('ValidateIntakeByPeopleId names the invitation with the email masked', async () => {
    const { body, data } = await invited(ecpA, { email: `jordan${++counter}@example.test` });
    const res = await validateIntake(data.peopleId);
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({
      firstName: 'Jordan',
      lastName: 'Rivers',
      email: 'j***@example.test',
      status: 'invited',
    });
    expect(res.body.Data.email).not.toBe(body.email);
  });

  it('ValidateIntakeByPeopleId: unknown 404, malformed 400, anonymous 401', async () => {
    const { data } = await invited();
    expect((await validateIntake('x'.repeat(43))).status).toBe(404);
    expect((await validateIntake("a' or '1'='1")).status).toBe(400);
    expect((await validateIntake(data.peopleId, null)).status).toBe(401);
    expect(
      (await call(t.url, 'GET', '/api/user/ValidateIntakeByPeopleId', { apiKey: t.config.apiKey }))
        .status,
    ).toBe(400);
  });

  it('RegisterIntakeByEmail sets the password, signs in once, and the link is then used up', async () => {
    const { body, data } = await invited();
    const request = {
      PeopleId: data.peopleId,
      Email: body.email.toUpperCase(),
      Password: 'Invited#2026',
      CompanyId: t.config.storefrontId,
      landingPage: '/register',
    };
    const res = await completeIntake(request);
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      userId: data.patientId,
      userName: body.email,
      firstName: 'Jordan',
      role: 'patient',
    });
    const check = await call(t.url, 'GET', '/api/auth/ValidateTokenSfrw', {
      token: res.body.Data.access_token,
    });
    expect(check.status).toBe(200);
    expect(check.body.Data).toMatchObject({ userId: data.patientId, role: 'patient' });

    const row = await userRow(t, data.patientId);
    expect(row).toMatchObject({ intakeStatus: 'registered', landingPage: '/register' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordUpdatedAt).toBeInstanceOf(Date);
    expect((await login(t, body.email, 'Invited#2026')).status).toBe(200);

    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject, data.patientId), eq(auditLog.outcome, 'success')));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'intake.invite',
        'auth.register.ecp-intake',
        'auth.sign-in.registration',
      ]),
    );

    // Used once: a second call and a later validation say so (410), and set no password.
    const second = await completeIntake({ ...request, Password: 'Another#2026' });
    expect(second.status).toBe(410);
    expect(second.body.Message).toBe(messages.invitationUsed);
    const validated = await validateIntake(data.peopleId);
    expect(validated.status).toBe(410);
    expect(validated.body.Message).toBe(messages.invitationUsed);
    expect((await login(t, body.email, 'Another#2026')).status).not.toBe(200);

    // The ECP's list follows the status.
    const listed = (await list(ecpA, '?limit=100')).body.Data.items.find(
      (p: { patientId: string }) => p.patientId === data.patientId,
    );
    expect(listed?.status).toBe('registered');
  });

  it('lets the patient correct the names the ECP entered', async () => {
    const { body, data } = await invited();
    const res = await completeIntake({
      PeopleId: data.peopleId,
      Email: body.email,
      Password: 'Invited#2026',
      CompanyId: t.config.storefrontId,
      FirstName: 'Jordyn',
      LastName: 'Rivera',
    });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({ firstName: 'Jordyn', lastName: 'Rivera' });
  });

  it('refuses another email with 400 under Email, and leaves the invitation open', async () => {
    const { body, data } = await invited();
    const res = await completeIntake({
      PeopleId: data.peopleId,
      Email: 'someone.else@example.test',
      Password: 'Invited#2026',
      CompanyId: t.config.storefrontId,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ Email: 'intakeEmailError' });
    expect(res.body.Message).toBe(validationMessages.intakeEmailError);
    const row = await userRow(t, data.patientId);
    expect(row).toMatchObject({ intakeStatus: 'invited', passwordHash: null });
    expect((await validateIntake(data.peopleId)).status).toBe(200);
    expect(body.email).not.toBe('someone.else@example.test');
  });

  it('refuses a weak password and a malformed email with the spec messages', async () => {
    const { body, data } = await invited();
    const base = {
      PeopleId: data.peopleId,
      Email: body.email,
      Password: 'Invited#2026',
      CompanyId: t.config.storefrontId,
    };
    const weak = await completeIntake({ ...base, Password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.Password).toBe('passwordError');
    expect(weak.body.Message).toBe(passwordRule);
    const malformed = await completeIntake({ ...base, Email: 'nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.Email).toBe('emailError');
    expect(malformed.body.Message).toBe(emailFormat);
    expect((await userRow(t, data.patientId))?.intakeStatus).toBe('invited');
  });

  it('answers 404 for an unknown peopleId or another storefront', async () => {
    const { body, data } = await invited();
    const base = {
      PeopleId: data.peopleId,
      Email: body.email,
      Password: 'Invited#2026',
      CompanyId: t.config.storefrontId,
    };
    expect((await completeIntake({ ...base, PeopleId: 'y'.repeat(43) })).status).toBe(404);
    expect((await completeIntake({ ...base, CompanyId: t.config.storefrontId + 1 })).status).toBe(
      404,
    );
    expect((await userRow(t, data.patientId))?.intakeStatus).toBe('invited');
  });

  it('of two simultaneous completions exactly one signs in', async () => {
    const { body, data } = await invited();
    const request = {
      PeopleId: data.peopleId,
      Email: body.email,
      Password: 'Invited#2026',
      CompanyId: t.config.storefrontId,
    };
    const answers = await Promise.all([completeIntake(request), completeIntake(request)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
  });

  it('an invitation works for 30 days, then says it expired', async () => {
    const { body, data } = await invited();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, data.patientId));
    const days =
      ((row?.intakeExpiresAt?.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    await t.database.db
      .update(users)
      .set({ intakeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, data.patientId));
    const validated = await validateIntake(data.peopleId);
    expect(validated.status).toBe(410);
    expect(validated.body.Message).toBe(messages.invitationExpired);
    const completed = await completeIntake({
      PeopleId: data.peopleId,
      Email: body.email,
      Password: 'Invited#2026',
      CompanyId: t.config.storefrontId,
    });
    expect(completed.status).toBe(410);
    expect((await userRow(t, data.patientId))?.passwordHash).toBeNull();
  });
});

describe('GET PrescriberInfo (the ECP who registered a patient)', () => {
  const prescriberInfo = (peopleId: string | null, auth: { token?: string; apiKey?: string }) =>
    call(
      t.url,
      'GET',
      `/api/order/PrescriberInfo?${peopleId ? `peopleId=${encodeURIComponent(peopleId)}&` : ''}guid=${crypto.randomUUID()}`,
      auth,
    );
  const demoEcp = {
    practiceName: 'Clearview Eye Care',
    firstName: 'Erin',
    lastName: 'Chow',
    npi: '1528460037',
    phone: '5555550103',
  };

  it('answers the invitation holder, the patient, that ECP and staff, and nobody else', async () => {
    const { body, data } = await invited();
    const anonymous = { apiKey: t.config.apiKey };
    // The invitation page, before any account session exists.
    const onInvitation = await prescriberInfo(data.peopleId, anonymous);
    expect(onInvitation.status).toBe(200);
    expect(onInvitation.body.Data).toEqual(demoEcp);
    expect((await prescriberInfo(data.peopleId, {})).status).toBe(401);

    const completed = await completeIntake({
      PeopleId: data.peopleId,
      Email: body.email,
      Password: 'Invited#2026',
      CompanyId: t.config.storefrontId,
    });
    expect(completed.status).toBe(200);
    const patient = completed.body.Data.access_token as string;
    // The link is used: holding it proves nothing any more.
    expect((await prescriberInfo(data.peopleId, anonymous)).status).toBe(404);
    // The patient's own, in their account.
    expect((await prescriberInfo(null, { token: patient })).body.Data).toEqual(demoEcp);
    expect((await prescriberInfo(data.peopleId, { token: patient })).status).toBe(200);
    // Their ECP and staff; another ECP and another patient get nothing.
    expect((await prescriberInfo(data.peopleId, { token: ecpA })).status).toBe(200);
    expect((await prescriberInfo(data.peopleId, { token: agentToken })).status).toBe(200);
    expect((await prescriberInfo(data.peopleId, { token: ecpB })).status).toBe(404);
    expect((await prescriberInfo(data.peopleId, { token: patientToken })).status).toBe(404);
    expect((await prescriberInfo(null, { token: patientToken })).status).toBe(404);
    // Staff reads are audited.
    const reads = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'patient.prescriber.view'), eq(auditLog.subject, data.patientId)),
      );
    expect(reads.map((r) => r.actorRole).sort()).toEqual(['agent', 'ecp']);
    // The console's patient view shows it too.
    const view = await call(t.url, 'GET', `/api/staff/patients/${data.patientId}`, {
      token: agentToken,
    });
    expect(view.body.Data.prescriber).toEqual(demoEcp);
  });
});
