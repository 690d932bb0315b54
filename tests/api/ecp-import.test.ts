import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { auditLog } from '../../server/db/schema/platform';
import { hashPassword } from '../../server/lib/passwords';
import { call } from './helpers/http';
import { placedOrder } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { demo, tokenFor, userRow } from './helpers/users';

// The spec (§5, §8) is the oracle: its messages are written out word for word.
const emailFormat =
  'You have entered an incorrect email format. Please check spelling and try again.';
const alreadyRegistered =
  'An account with this email already exists. Please select "Already have an account?" to log in.';
const invitationSubject = 'You are invited to create your account';

const importPath = '/api/staff/intake/import';
const intakePath = '/api/staff/intake/patients';

let t: TestApp;
let ecpA: string;
let ecpAId: string;
let ecpB: string;
let agentToken: string;
let patientToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  ecpA = await tokenFor(t, demo.ecp.email, demo.ecp.password);
  const [a] = await t.database.db.select().from(users).where(eq(users.email, demo.ecp.email));
  ecpAId = a?.id ?? '';
  await t.database.db.insert(users).values({
    email: 'ecp-b-import@example.test',
    passwordHash: await hashPassword('Optometry#B2026'),
    firstName: 'Beatrice',
    lastName: 'Bright',
    role: 'ecp',
    storefrontId: t.config.storefrontId,
    signupSource: 'staff',
    passwordUpdatedAt: new Date(),
  });
  ecpB = await tokenFor(t, 'ecp-b-import@example.test', 'Optometry#B2026');
  agentToken = await tokenFor(t, demo.agent.email, demo.agent.password);
  patientToken = await tokenFor(t, demo.patient.email, demo.patient.password);
  adminToken = await tokenFor(t, demo.admin.email, demo.admin.password);
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;

async function userCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return row?.n ?? -1;
}

const importJson = (csv: string, token: string | null = ecpA) =>
  call(t.url, 'POST', importPath, { json: { csv }, token });

async function importFile(
  content: string | Uint8Array,
  options: { type?: string; name?: string; token?: string } = {},
) {
  const form = new FormData();
  const blob = new Blob([content as BlobPart], { type: options.type ?? 'text/csv' });
  form.append('file', blob, options.name ?? 'patients.csv');
  const response = await fetch(`${t.url}${importPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token ?? ecpA}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

async function outboxFor(address: string) {
  const res = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(address)}`);
  return res.body.Data as { subject: string; body: string }[];
}

/** Three good rows (header variants, a US date, no date) and one with a bad email and phone. */
function sampleCsv(id = tag()) {
  const emails = [`ada.${id}@example.test`, `ben.${id}@example.test`, `cy.${id}@example.test`];
  const csv = [
    'First Name,Last Name,Email,Phone Number,Date of Birth',
    `Ada,Lovelace,${emails[0]},(555) 201-0001,1980-02-03`,
    `Ben,Okri,${emails[1]},555.201.0002,03/15/1975`,
    `Bad,Row,not-an-email,555201000,1990-01-01`,
    `"Cy, Jr.",Twombly,${emails[2]},5552010003,`,
  ].join('\r\n');
  return { csv, emails };
}

type RowReport = {
  row: number;
  email: string;
  status: string;
  patientId?: string;
  errors?: Record<string, string>;
  message?: string;
};

describe('POST /api/staff/intake/import', () => {
  it('creates and invites the good rows and refuses the bad one with its error keys', async () => {
    const { csv, emails } = sampleCsv();
    const before = await userCount();
    const res = await importJson(csv);
    expect(res.status).toBe(200);
    const data = res.body.Data as { rows: RowReport[]; created: number; refused: number };
    expect(data).toMatchObject({ created: 3, refused: 1 });
    expect(data.rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'refused'],
      [5, 'created'],
    ]);
    expect(data.rows[2]).toEqual({
      row: 4,
      email: 'not-an-email',
      status: 'refused',
      errors: { email: 'emailError', phoneNumber: 'phoneNumberError' },
      message: emailFormat,
    });
    // Nothing half-created: exactly the three good rows became accounts.
    expect(await userCount()).toBe(before + 3);

    const created = data.rows.filter((r) => r.status === 'created');
    const rows = await Promise.all(created.map((r) => userRow(t, r.patientId ?? '')));
    expect(rows.map((r) => r?.email)).toEqual(emails);
    for (const row of rows) {
      expect(row).toMatchObject({
        role: 'patient',
        passwordHash: null,
        registeredByEcpId: ecpAId,
        intakeStatus: 'invited',
        signupSource: 'ecp-intake',
      });
    }
    expect(rows[0]).toMatchObject({ phone: '5552010001', dateOfBirth: '1980-02-03' });
    expect(rows[1]).toMatchObject({ phone: '5552010002', dateOfBirth: '1975-03-15' });
    expect(rows[2]).toMatchObject({ firstName: 'Cy, Jr.', dateOfBirth: null });

    for (const email of emails) {
      const mail = await outboxFor(email);
      expect(mail).toHaveLength(1);
      expect(mail[0]?.subject).toBe(invitationSubject);
      expect(mail[0]?.body).toContain('/register?peopleId=');
    }
  });

  it('refuses every row of the same file imported again, creating nothing', async () => {
    const { csv } = sampleCsv();
    expect((await importJson(csv)).body.Data.created).toBe(3);
    const before = await userCount();
    const again = await importJson(csv);
    expect(again.status).toBe(200);
    const data = again.body.Data as { rows: RowReport[]; created: number; refused: number };
    expect(data).toMatchObject({ created: 0, refused: 4 });
    for (const row of data.rows.filter((r) => r.row !== 4)) {
      expect(row).toMatchObject({ status: 'refused', message: alreadyRegistered });
      expect(row.patientId).toBeUndefined();
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a second row with the same email in the file', async () => {
    const email = `twice.${tag()}@example.test`;
    const csv = [
      'firstName,lastName,email,phoneNumber,dateOfBirth',
      `Tess,Twice,${email},5552010010,`,
      `Tess,Again,${email.toUpperCase()},5552010011,`,
    ].join('\n');
    const data = (await importJson(csv)).body.Data as { rows: RowReport[] };
    expect(data.rows.map((r) => r.status)).toEqual(['created', 'refused']);
    expect(data.rows[1]?.message).toBe(alreadyRegistered);
  });

  it('takes a multipart upload of a .csv file and reports the line of each row', async () => {
    const id = tag();
    const csv = [
      '\uFEFFemail;first_name;last_name;phone;dob',
      '',
      `mp1.${id}@example.test;Mona;"Multi`,
      `Line";5552010020;1/2/1990`,
      `mp2.${id}@example.test;Ma;Pe;12;`,
    ].join('\n');
    const res = await importFile(csv);
    expect(res.status).toBe(200);
    expect(res.body.Data.rows).toEqual([
      expect.objectContaining({ row: 3, status: 'created', email: `mp1.${id}@example.test` }),
      expect.objectContaining({
        row: 5,
        status: 'refused',
        errors: { phoneNumber: 'phoneNumberError' },
      }),
    ]);
    const patientId = res.body.Data.rows[0].patientId;
    expect(await userRow(t, patientId)).toMatchObject({
      lastName: 'Multi\nLine',
      dateOfBirth: '1990-01-02',
    });
    // Named .csv with a generic type is accepted too.
    const named = await importFile(
      `firstName,lastName,email,phoneNumber\nNo,Dup,x${id}@example.test,5552010021`,
      {
        type: 'application/octet-stream',
        name: 'export.CSV',
      },
    );
    expect(named.status).toBe(200);
  });

  it('refuses files it cannot take, creating nothing', async () => {
    const before = await userCount();
    const png = await importFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), {
      type: 'image/png',
      name: 'photo.png',
    });
    expect(png.status).toBe(415);
    const binary = await importFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]));
    expect(binary.status).toBe(400);
    const big = await importFile(`firstName,lastName,email,phoneNumber\n${'x'.repeat(1_100_000)}`);
    expect(big.status).toBe(413);
    const noColumns = await importJson('name,mail\nAda,ada@example.test');
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.Message).toBe(
      'The first line of the file must name the columns firstName, lastName, email and phoneNumber (dateOfBirth is optional).',
    );
    expect((await importJson('firstName,lastName,email,phoneNumber\n')).status).toBe(400);
    expect((await importJson('')).status).toBe(400);
    const rows = Array.from(
      { length: 1001 },
      (_, i) => `Many,Rows,many${i}.${tag()}@example.test,555201${String(i).padStart(4, '0')}`,
    );
    const tooMany = await importJson(['firstName,lastName,email,phoneNumber', ...rows].join('\n'));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.Message).toBe(
      'This file has too many rows. Please import at most 1000 patients at a time.',
    );
    const malformed = await call(t.url, 'POST', importPath, {
      token: ecpA,
      raw: { body: '--x\r\nnot a part', contentType: 'multipart/form-data; boundary=x' },
    });
    expect(malformed.status).toBe(400);
    const noFile = await call(t.url, 'POST', importPath, { token: ecpA });
    expect(noFile.status).toBe(400);
    expect((await call(t.url, 'POST', importPath, { token: ecpA, json: {} })).status).toBe(400);
    expect(
      (await call(t.url, 'POST', importPath, { token: ecpA, json: { csv: 'a', extra: 1 } })).status,
    ).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('lists imported patients for their ECP only, invited until one of their orders is paid', async () => {
    const { csv } = sampleCsv();
    const data = (await importJson(csv)).body.Data as { rows: RowReport[] };
    const imported = data.rows.filter((r) => r.patientId).map((r) => r.patientId);
    const [paid, unpaid] = imported;
    if (!paid || !unpaid) throw new Error('not imported');
    await placedOrder(t, paid, { status: 'approved' });
    await placedOrder(t, unpaid, { status: 'awaiting-payment' });

    const mine = await call(t.url, 'GET', `${intakePath}?limit=100`, { token: ecpA });
    const byId = new Map(
      (mine.body.Data.items as { patientId: string; status: string }[]).map((p) => [
        p.patientId,
        p.status,
      ]),
    );
    expect(imported.map((id) => byId.get(id ?? ''))).toEqual(['ordered', 'invited', 'invited']);
    // The stored status stays 'invited': the invitation link still works.
    expect((await userRow(t, paid))?.intakeStatus).toBe('invited');

    const theirs = await call(t.url, 'GET', `${intakePath}?limit=100`, { token: ecpB });
    const theirIds = (theirs.body.Data.items as { patientId: string }[]).map((p) => p.patientId);
    for (const id of imported) expect(theirIds).not.toContain(id);
  });

  it('audits one intake.import entry with the counts', async () => {
    const { csv } = sampleCsv();
    await importJson(csv);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'intake.import'), eq(auditLog.actorId, ecpAId)))
      .orderBy(auditLog.id)
      .then((rows) => rows.reverse());
    expect(entry).toMatchObject({
      outcome: 'success',
      actorRole: 'ecp',
      detail: { rows: 4, created: 3, refused: 1, format: 'json' },
    });
  });

  it('is for ECPs only', async () => {
    const { csv } = sampleCsv();
    const before = await userCount();
    expect((await importJson(csv, patientToken)).status).toBe(403);
    expect((await importJson(csv, agentToken)).status).toBe(403);
    expect((await importJson(csv, adminToken)).status).toBe(403);
    expect((await importJson(csv, null)).status).toBe(401);
    expect((await importFile(csv, { token: patientToken })).status).toBe(403);
    expect((await importFile(csv, { token: agentToken })).status).toBe(403);
    expect(await userCount()).toBe(before);
  });
});
