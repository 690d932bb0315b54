import { readdir } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { auditLog, outbox } from '../../server/db/schema/platform';
import { messages, validationMessages } from '../../shared/errors/messages';
import { labTestName } from '../../shared/labs/lab-tests';
import { call } from './helpers/http';
import { pdfBytes, pngBytes } from './helpers/sample-files';
import { startTestApp, type TestApp } from './helpers/test-app';
import { postFile } from './helpers/upload';
import { createUser, demo, guestToken, tokenFor } from './helpers/users';
import { bookedVisit, doctorAccount } from './helpers/visits';

let t: TestApp;
let doctorToken: string;
let agentToken: string;
beforeAll(async () => {
  t = await startTestApp();
  doctorToken = await tokenFor(t, demo.doctor.email, demo.doctor.password);
  agentToken = await tokenFor(t, demo.agent.email, demo.agent.password);
});
afterAll(async () => {
  await t.close();
});

const labsPath = () => `/api/user/HealthRecord/labs?storefrontId=${t.config.storefrontId}`;
const patientFile = (labId: string, kind: string) => `/api/user/HealthRecord/labs/${labId}/${kind}`;
const staffLab = (labId: string, action: string) => `/api/staff/labs/${labId}/${action}`;

/** A patient with a visit booked with the demo doctor, and the patient's token. */
async function patientWithVisit() {
  const user = await createUser(t);
  await t.database.db.update(users).set({ dateOfBirth: '1984-03-09' }).where(eq(users.id, user.id));
  const visit = await bookedVisit(t, user.id, { startsAt: new Date(Date.now() + 3_600_000) });
  return { user, visit, token: await tokenFor(t, user.email, user.password) };
}

async function orderLabs(orderId: string, tests: string[], token = doctorToken) {
  return call(t.url, 'POST', `/api/staff/visits/${orderId}/labs`, { token, json: { tests } });
}

/** Downloads a PDF and reads its text back, as a PDF reader would. */
async function pdfText(path: string, token: string) {
  const response = await fetch(`${t.url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text =
    response.status === 200 ? (await new PDFParse({ data: bytes.slice() }).getText()).text : '';
  return { response, bytes, text };
}

const uploadResults = (labId: string, bytes: Buffer, name: string, token = agentToken) =>
  postFile(`${t.url}${staffLab(labId, 'results/file')}`, token, bytes, name);

async function audited(action: string, subject: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject, subject)));
}

describe('the doctor orders labs', () => {
  it('makes a real requisition PDF: patient, birth date, tests, doctor and NPI, number', async () => {
    const { user, visit, token } = await patientWithVisit();
    const ordered = await orderLabs(visit.orderId, ['CBC', 'LIPID']);
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const lab = ordered.body.Data;
    expect(lab).toMatchObject({ status: 'ordered', hasResults: false, resultedAt: null });
    expect(lab.requisitionNumber).toMatch(/^LR-[2-9A-HJKMNP-Z]{8}$/);
    expect(lab.tests.map((test: { code: string }) => test.code)).toEqual(['CBC', 'LIPID']);
    expect(await audited('labs.order', `lab:${lab.id}`)).toHaveLength(1);

    const list = await call(t.url, 'GET', labsPath(), { token });
    expect(list.status).toBe(200);
    expect(list.body.Data.labs).toEqual([lab]);

    const requisition = await pdfText(patientFile(lab.id, 'requisition'), token);
    expect(requisition.response.status).toBe(200);
    expect(requisition.response.headers.get('content-type')).toBe('application/pdf');
    expect(requisition.response.headers.get('content-disposition')).toContain('attachment');
    expect(requisition.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(requisition.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    for (const printed of [
      'Laboratory requisition',
      lab.requisitionNumber,
      `${user.firstName} ${user.lastName}`,
      '03/09/1984',
      labTestName('CBC'),
      labTestName('LIPID'),
      'NPI',
    ]) {
      expect(requisition.text).toContain(printed);
    }
    // No results yet.
    const early = await call(t.url, 'GET', patientFile(lab.id, 'results'), { token });
    expect(early.status).toBe(404);
    expect(early.body.Message).toBe(messages.labResultsNotReady);
  });

  it.each([
    ['no test', []],
    ['a test not in the list', ['XRAY']],
    ['a test twice', ['CBC', 'CBC']],
  ])('refuses %s with a 400, recording nothing', async (_, tests) => {
    const { visit, token } = await patientWithVisit();
    const refused = await orderLabs(visit.orderId, tests);
    expect(refused.status).toBe(400);
    expect((await call(t.url, 'GET', labsPath(), { token })).body.Data.labs).toEqual([]);
  });

  it("is refused for another doctor's visit (404), and to agents and patients (403)", async () => {
    const { visit, token } = await patientWithVisit();
    const other = await doctorAccount(t);
    const otherToken = await tokenFor(t, other.user.email, other.user.password);
    const foreign = await orderLabs(visit.orderId, ['TSH'], otherToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body.Message).toBe(messages.visitNotFound);
    expect((await orderLabs(visit.orderId, ['TSH'], agentToken)).status).toBe(403);
    expect((await orderLabs(visit.orderId, ['TSH'], token)).status).toBe(403);
  });
});

describe('results', () => {
  it('entered as values: collected, resulted, a results PDF, and a notice with no health data', async () => {
    const { user, visit, token } = await patientWithVisit();
    const lab = (await orderLabs(visit.orderId, ['A1C', 'TSH'])).body.Data;
    const collected = await call(t.url, 'POST', staffLab(lab.id, 'collected'), {
      token: agentToken,
    });
    expect(collected.status).toBe(200);
    expect(collected.body.Data.status).toBe('collected');
    const twice = await call(t.url, 'POST', staffLab(lab.id, 'collected'), { token: agentToken });
    expect(twice.status).toBe(409);
    expect(twice.body.Message).toBe(messages.labAlreadyCollected);

    const notOrdered = await call(t.url, 'POST', staffLab(lab.id, 'results'), {
      token: agentToken,
      json: { values: [{ test: 'PSA', value: '1.1', unit: 'ng/mL' }] },
    });
    expect(notOrdered.status).toBe(400);
    expect(notOrdered.body.Message).toBe(messages.labResultNotOrdered);

    const values = [
      { test: 'A1C', value: '5.4', unit: '%', referenceRange: '4.0-5.6' },
      { test: 'TSH', value: '2.1', unit: 'mIU/L', referenceRange: '0.4-4.0' },
    ];
    const saved = await call(t.url, 'POST', staffLab(lab.id, 'results'), {
      token: agentToken,
      json: { values },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data).toMatchObject({ status: 'resulted', hasResults: true });

    const results = await pdfText(patientFile(lab.id, 'results'), token);
    expect(results.response.status).toBe(200);
    for (const printed of [
      'Laboratory results',
      lab.requisitionNumber,
      `${user.firstName} ${user.lastName}`,
      labTestName('A1C'),
      '5.4',
      '0.4-4.0',
    ]) {
      expect(results.text).toContain(printed);
    }

    const [notice] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, user.email));
    expect(notice?.subject).toBe('New results in your health records');
    const body = t.deps.notifier.readBody(notice?.body ?? '') ?? '';
    expect(body).toContain('/my-account?tab=labs');
    for (const secret of [labTestName('A1C'), 'A1C', '5.4', lab.requisitionNumber, 'Dr.']) {
      expect(body).not.toContain(secret);
    }

    const again = await call(t.url, 'POST', staffLab(lab.id, 'results'), {
      token: agentToken,
      json: { values },
    });
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe(messages.labAlreadyResulted);
  });

  it('as an uploaded PDF (the bytes decide), downloaded as sent; anything else is refused', async () => {
    const { visit, token } = await patientWithVisit();
    const lab = (await orderLabs(visit.orderId, ['VITD'])).body.Data;
    const before = (await readdir(t.config.filesDir)).length;
    const png = await uploadResults(lab.id, pngBytes, 'results.pdf');
    expect(png.status).toBe(400);
    expect(png.body.Message).toBe(messages.labResultsPdfOnly);
    const html = await uploadResults(lab.id, Buffer.from('<html></html>'), 'results.pdf');
    expect(html.status).toBe(400);
    expect(html.body.Message).toBe(validationMessages.fileTypeError);
    expect((await readdir(t.config.filesDir)).length).toBe(before);

    const report = pdfBytes(4096);
    const saved = await uploadResults(lab.id, report, 'lab-report.pdf');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data).toMatchObject({ status: 'resulted', hasResults: true });
    expect(saved.body.Data.collectedAt).not.toBeNull();
    const download = await fetch(`${t.url}${patientFile(lab.id, 'results')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(report)).toBe(true);
  });
});

describe('who sees labs', () => {
  it("another patient's lab is 404; guests are 401; staff use the staff routes (403)", async () => {
    const { visit } = await patientWithVisit();
    const lab = (await orderLabs(visit.orderId, ['UA'])).body.Data;
    const stranger = await createUser(t);
    const strangerToken = await tokenFor(t, stranger.email, stranger.password);
    for (const kind of ['requisition', 'results']) {
      const foreign = await call(t.url, 'GET', patientFile(lab.id, kind), {
        token: strangerToken,
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body.Message).toBe(messages.labNotFound);
    }
    expect((await call(t.url, 'GET', labsPath(), { token: strangerToken })).body.Data.labs).toEqual(
      [],
    );
    const guest = await guestToken(t);
    expect((await call(t.url, 'GET', labsPath(), { token: guest })).status).toBe(401);
    expect((await call(t.url, 'GET', labsPath(), {})).status).toBe(401);
    expect((await call(t.url, 'GET', labsPath(), { token: agentToken })).status).toBe(403);
    const unknown = await call(t.url, 'GET', patientFile('not-a-lab', 'requisition'), {
      token: strangerToken,
    });
    expect(unknown.status).toBe(404);
  });

  it("staff: agents list and download any patient's, audited; a doctor only their patients'", async () => {
    const { user, visit, token } = await patientWithVisit();
    const lab = (await orderLabs(visit.orderId, ['HCV'])).body.Data;
    const list = await call(t.url, 'GET', `/api/staff/patients/${user.id}/labs`, {
      token: agentToken,
    });
    expect(list.status).toBe(200);
    expect(list.body.Data.labs.map((l: { id: string }) => l.id)).toEqual([lab.id]);
    expect(await audited('staff.labs.list', `user:${user.id}`)).toHaveLength(1);
    const requisition = await pdfText(staffLab(lab.id, 'requisition'), agentToken);
    expect(requisition.text).toContain(lab.requisitionNumber);
    expect(await audited('staff.labs.requisition', `lab:${lab.id}`)).toHaveLength(1);

    const mine = await pdfText(staffLab(lab.id, 'requisition'), doctorToken);
    expect(mine.response.status).toBe(200);
    const other = await doctorAccount(t);
    const otherToken = await tokenFor(t, other.user.email, other.user.password);
    const foreign = await call(t.url, 'GET', staffLab(lab.id, 'requisition'), {
      token: otherToken,
    });
    expect(foreign.status).toBe(404);
    expect(
      (await audited('staff.labs.requisition', `lab:${lab.id}`)).map((row) => row.outcome),
    ).toContain('failure');
    const otherList = await call(t.url, 'GET', `/api/staff/patients/${user.id}/labs`, {
      token: otherToken,
    });
    expect(otherList.status).toBe(404);
    const collected = await call(t.url, 'POST', staffLab(lab.id, 'collected'), {
      token: otherToken,
    });
    expect(collected.status).toBe(404);
    const patientAsStaff = await call(t.url, 'GET', `/api/staff/patients/${user.id}/labs`, {
      token,
    });
    expect(patientAsStaff.status).toBe(403);
  });
});
