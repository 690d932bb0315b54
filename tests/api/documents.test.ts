import { readdir } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema/platform';
import { documents } from '../../server/db/schema/records';
import { messages, validationMessages } from '../../shared/errors/messages';
import { MAX_UPLOAD_BYTES } from '../../shared/validation/uploads';
import { call } from './helpers/http';
import {
  elfBytes,
  heicBytes,
  htmlBytes,
  jpegBytes,
  pdfBytes,
  pngBytes,
  realHeicPhoto,
} from './helpers/sample-files';
import { startTestApp, type TestApp } from './helpers/test-app';
import { postFile } from './helpers/upload';
import { createUser, demo, guestToken, tokenFor } from './helpers/users';
import { bookedVisit, doctorAccount } from './helpers/visits';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const documentsPath = '/api/user/Documents/';

async function patient() {
  const user = await createUser(t);
  return { user, token: await tokenFor(t, user.email, user.password) };
}

/** A multipart upload as a browser sends it: one file part, the client's name and type. */
const upload = (token: string | null, bytes: Buffer, name: string, type = '') =>
  postFile(`${t.url}${documentsPath}`, token, bytes, name, type);

async function storedFiles(): Promise<string[]> {
  return readdir(t.config.filesDir).catch(() => []);
}

describe('uploading a document', () => {
  it.each([
    ['a PNG', pngBytes, 'card.png', 'image/png'],
    ['a PNG named .pdf (the bytes decide)', pngBytes, 'scan.pdf', 'image/png'],
    ['a JPEG', jpegBytes(), 'photo.jpg', 'image/jpeg'],
    ['a PDF of exactly the limit', pdfBytes(MAX_UPLOAD_BYTES), 'big.pdf', 'application/pdf'],
    ['a HEIC from a phone', heicBytes(), 'IMG_0001.HEIC', 'image/heic'],
  ])('keeps %s', async (_, bytes, name, mimeType) => {
    const { token } = await patient();
    const saved = await upload(token, bytes, name);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data).toMatchObject({ name, mimeType, sizeBytes: bytes.length });
  });

  it.each([
    ['zero bytes', Buffer.alloc(0), 'empty.pdf', 'fileTypeError'],
    ['one byte over the limit', pdfBytes(MAX_UPLOAD_BYTES + 1), 'big.pdf', 'fileTooLargeError'],
    ['an executable named .jpg', elfBytes, 'photo.jpg', 'fileTypeError'],
    ['an HTML file named .png', htmlBytes, 'card.png', 'fileTypeError'],
    ['a truncated JPEG', jpegBytes().subarray(0, 1000), 'cut.jpg', 'fileTypeError'],
    [
      'a large HTML file',
      Buffer.concat([htmlBytes, Buffer.alloc(MAX_UPLOAD_BYTES)]),
      'page.png',
      'fileTooLargeAndTypeError',
    ],
  ] as const)('refuses %s with the spec message, keeping nothing', async (_, bytes, name, key) => {
    const { token } = await patient();
    const before = (await storedFiles()).length;
    const refused = await upload(token, bytes, name, 'image/png');
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(validationMessages[key]);
    expect(refused.body.errors).toEqual({ file: key });
    const list = await call(t.url, 'GET', documentsPath, { token });
    expect(list.body.Data.documents).toEqual([]);
    expect((await storedFiles()).length).toBe(before);
  });

  it('takes 20 uploads of one patient at once', async () => {
    const { token } = await patient();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(token, pdfBytes(2048 + i), `doc-${i}.pdf`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const list = await call(t.url, 'GET', documentsPath, { token });
    expect(list.body.Data.documents).toHaveLength(20);
  });

  it('without a file part, or not as multipart, is a 400', async () => {
    const { token } = await patient();
    const json = await call(t.url, 'POST', documentsPath, { token, json: { file: 'x' } });
    expect([400, 415]).toContain(json.status);
  });
});

describe('previews', () => {
  async function preview(token: string, id: string) {
    return fetch(`${t.url}/api/user/Documents/${id}/preview`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('a real HEIC photo gets a JPEG a browser can show, 800 pixels at most; both go when deleted', async () => {
    const { token } = await patient();
    const before = (await storedFiles()).length;
    const photo = realHeicPhoto(1000, 750);
    const saved = await upload(token, photo, 'IMG_2041.HEIC', 'image/heic');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data).toMatchObject({ mimeType: 'image/heic', hasPreview: true });
    expect((await storedFiles()).length).toBe(before + 2);
    const answer = await preview(token, saved.body.Data.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    const image = jpeg.decode(Buffer.from(await answer.arrayBuffer()));
    expect([image.width, image.height]).toEqual([800, 600]);
    // The gradient survived: the right edge is redder than the left.
    expect(image.data[(300 * 800 + 790) * 4] ?? 0).toBeGreaterThan(
      (image.data[(300 * 800 + 10) * 4] ?? 0) + 100,
    );
    const path = `/api/user/Documents/${saved.body.Data.id}`;
    expect((await call(t.url, 'DELETE', path, { token })).status).toBe(200);
    expect((await storedFiles()).length).toBe(before);
  });

  it('a JPG or PNG is its own preview; a HEIC that does not decode is kept without one', async () => {
    const { token } = await patient();
    const png = await upload(token, pngBytes, 'card.png');
    expect(png.body.Data.hasPreview).toBe(true);
    const own = await preview(token, png.body.Data.id);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await own.arrayBuffer()).equals(pngBytes)).toBe(true);

    const broken = await upload(token, heicBytes(), 'IMG_0001.HEIC');
    expect(broken.status).toBe(200);
    expect(broken.body.Data.hasPreview).toBe(false);
    const none = await preview(token, broken.body.Data.id);
    expect(none.status).toBe(404);
    expect((await none.json()).Message).toBe(messages.documentNoPreview);
    const pdf = await upload(token, pdfBytes(), 'scan.pdf');
    expect(pdf.body.Data.hasPreview).toBe(false);
  });

  it("of another patient's document is 404", async () => {
    const owner = await patient();
    const other = await patient();
    const saved = await upload(owner.token, pngBytes, 'card.png');
    expect((await preview(other.token, saved.body.Data.id)).status).toBe(404);
  });
});

describe('a stored document', () => {
  it('downloads as an attachment of its stored type, and is deleted with its bytes', async () => {
    const { token } = await patient();
    const saved = await upload(token, pngBytes, 'insurance card.png');
    const id = saved.body.Data.id as string;
    const response = await fetch(`${t.url}/api/user/Documents/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toContain(
      'attachment; filename="insurance card.png"',
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(pngBytes)).toBe(true);

    const filesBefore = (await storedFiles()).length;
    expect((await call(t.url, 'DELETE', `/api/user/Documents/${id}`, { token })).status).toBe(200);
    expect((await call(t.url, 'GET', `/api/user/Documents/${id}`, { token })).status).toBe(404);
    expect((await storedFiles()).length).toBe(filesBefore - 1);
  });

  it("is another patient's 404, and guests, agents and nobody are refused", async () => {
    const owner = await patient();
    const saved = await upload(owner.token, pngBytes, 'card.png');
    const id = saved.body.Data.id as string;
    const other = await patient();
    for (const method of ['GET', 'DELETE']) {
      const res = await call(t.url, method, `/api/user/Documents/${id}`, { token: other.token });
      expect(res.status).toBe(404);
      expect(res.body.Message).toBe(messages.documentNotFound);
    }
    const agent = await tokenFor(t, demo.agent.email, demo.agent.password);
    expect((await call(t.url, 'GET', documentsPath, { token: agent })).status).toBe(403);
    // A guest has no records: the same answer as no sign-in.
    const guest = await guestToken(t);
    expect((await call(t.url, 'GET', documentsPath, { token: guest })).status).toBe(401);
    expect((await call(t.url, 'GET', documentsPath)).status).toBe(401);
    expect((await upload(null, pngBytes, 'card.png')).status).toBe(401);
    expect(
      (await call(t.url, 'GET', '/api/user/Documents/not-a-uuid', { token: owner.token })).status,
    ).toBe(404);
  });
});

describe('staff reading a patient document', () => {
  it('agents and admins download it, audited; the wrong patient is 404; patients are refused', async () => {
    const owner = await patient();
    const saved = await upload(owner.token, pngBytes, 'card.png');
    const id = saved.body.Data.id as string;
    const agent = await tokenFor(t, demo.agent.email, demo.agent.password);
    const path = `/api/staff/patients/${owner.user.id}/documents/${id}`;
    const response = await fetch(`${t.url}${path}`, {
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await response.arrayBuffer()).equals(pngBytes)).toBe(true);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'staff.documents.read'), eq(auditLog.subject, `document:${id}`)),
      );
    expect(audited).toHaveLength(1);

    const other = await patient();
    const wrong = await call(t.url, 'GET', `/api/staff/patients/${other.user.id}/documents/${id}`, {
      token: agent,
    });
    expect(wrong.status).toBe(404);
    expect((await call(t.url, 'GET', path, { token: owner.token })).status).toBe(403);
  });

  it("the patient's doctor downloads it from the chart; a doctor without a visit with them cannot", async () => {
    const owner = await patient();
    const saved = await upload(owner.token, pdfBytes(), 'referral.pdf');
    const path = `/api/staff/patients/${owner.user.id}/documents/${saved.body.Data.id}`;
    const doctor = await tokenFor(t, demo.doctor.email, demo.doctor.password);
    expect((await call(t.url, 'GET', path, { token: doctor })).status).toBe(404);
    const visit = await bookedVisit(t, owner.user.id, {
      startsAt: new Date(Date.now() + 3_600_000),
    });
    const chart = await call(t.url, 'GET', `/api/staff/visits/${visit.orderId}`, {
      token: doctor,
    });
    expect(chart.body.Data.documents.map((d: { id: string }) => d.id)).toEqual([
      saved.body.Data.id,
    ]);
    const mine = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${doctor}` } });
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(pdfBytes())).toBe(true);
    const other = await doctorAccount(t);
    const otherToken = await tokenFor(t, other.user.email, other.user.password);
    expect((await call(t.url, 'GET', path, { token: otherToken })).status).toBe(404);
  });
});

describe('an ECP attaches documents while registering a patient', () => {
  let ecp: string;
  beforeAll(async () => {
    ecp = await tokenFor(t, demo.ecp.email, demo.ecp.password);
  });

  async function registered(token = ecp) {
    const res = await call(t.url, 'POST', '/api/staff/intake/patients', {
      token,
      json: {
        firstName: 'Jordan',
        lastName: 'Rivers',
        email: `attach${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.test`,
        phoneNumber: '(555) 123-4567',
        dateOfBirth: '1980-02-03',
      },
    });
    expect(res.status).toBe(201);
    return res.body.Data.patientId as string;
  }

  const attach = (token: string, patientId: string, bytes: Buffer, name: string) =>
    postFile(`${t.url}/api/staff/intake/patients/${patientId}/documents`, token, bytes, name);

  it("keeps them as the patient's documents, uploaded by the ECP, audited", async () => {
    const patientId = await registered();
    const saved = await attach(ecp, patientId, pdfBytes(), 'prescription.pdf');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Data).toMatchObject({
      name: 'prescription.pdf',
      mimeType: 'application/pdf',
    });
    const card = await attach(ecp, patientId, pngBytes, 'insurance card.png');
    expect(card.status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, saved.body.Data.id));
    expect(row?.userId).toBe(patientId);
    expect(row?.uploadedById).not.toBe(patientId);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'intake.documents.upload'),
          eq(auditLog.subject, `document:${saved.body.Data.id}`),
        ),
      );
    expect(audit).toHaveLength(1);
    // Staff see both in the patient's view.
    const agent = await tokenFor(t, demo.agent.email, demo.agent.password);
    const view = await fetch(
      `${t.url}/api/staff/patients/${patientId}/documents/${saved.body.Data.id}`,
      { headers: { authorization: `Bearer ${agent}` } },
    );
    expect(Buffer.from(await view.arrayBuffer()).equals(pdfBytes())).toBe(true);
  });

  it('refuses a disguised file with the spec message, and patients the ECP did not register', async () => {
    const patientId = await registered();
    const disguised = await attach(ecp, patientId, htmlBytes, 'card.png');
    expect(disguised.status).toBe(400);
    expect(disguised.body.Message).toBe(validationMessages.fileTypeError);
    const stranger = await createUser(t);
    const before = (await storedFiles()).length;
    const foreign = await attach(ecp, stranger.id, pdfBytes(), 'prescription.pdf');
    expect(foreign.status).toBe(404);
    expect(foreign.body.Message).toBe(messages.patientNotFound);
    expect((await attach(ecp, 'not-a-uuid', pdfBytes(), 'p.pdf')).status).toBe(404);
    expect((await storedFiles()).length).toBe(before);
    const agent = await tokenFor(t, demo.agent.email, demo.agent.password);
    expect((await attach(agent, patientId, pdfBytes(), 'p.pdf')).status).toBe(403);
  });
});
