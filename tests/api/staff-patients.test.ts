import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSlots, doctors } from '../../server/db/schema/care-network';
import { type Role, users } from '../../server/db/schema/identity';
import { addresses, autoRefills, orders } from '../../server/db/schema/orders';
import { auditLog } from '../../server/db/schema/platform';
import { documents } from '../../server/db/schema/records';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { placedOrder, savedCard } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, tokenFor, userRow } from './helpers/users';

// The spec (§5, §8) is the oracle: its messages are written out word for word.
const alreadyRegistered =
  'An account with this email already exists. Please select "Already have an account?" to log in.';
const phoneNumberFormat = 'Invalid format. Please enter 10 digits.';

const patientsPath = '/api/staff/patients';

let t: TestApp;
let agentToken: string;
let agentId: string;
let adminToken: string;
let patientToken: string;
let ecpToken: string;

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

/** A patient straight in the database, with the fields a search looks at. */
async function patient(values: {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string | null;
  dateOfBirth?: string | null;
  createdAt?: Date;
  role?: Role;
}) {
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: values.email ?? `patient-${unique()}@example.test`,
      firstName: values.firstName ?? 'Pat',
      lastName: values.lastName ?? 'Ient',
      phone: values.phone === undefined ? '5555550100' : values.phone,
      dateOfBirth: values.dateOfBirth ?? null,
      role: values.role ?? 'patient',
      storefrontId: t.config.storefrontId,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('patient not created');
  return row;
}

const search = (query: string, token: string | null = agentToken) =>
  call(t.url, 'GET', `${patientsPath}${query}`, { token });

const ids = (res: { body: { Data: { items: { userId: string }[] } } }) =>
  res.body.Data.items.map((item) => item.userId);

async function auditEntries(action: string, actorId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)))
    .orderBy(sql`${auditLog.id} desc`);
}

beforeAll(async () => {
  t = await startTestApp();
  agentToken = await tokenFor(t, demo.agent.email, demo.agent.password);
  const [agent] = await t.database.db.select().from(users).where(eq(users.email, demo.agent.email));
  agentId = agent?.id ?? '';
  adminToken = await tokenFor(t, demo.admin.email, demo.admin.password);
  patientToken = await tokenFor(t, demo.patient.email, demo.patient.password);
  ecpToken = await tokenFor(t, demo.ecp.email, demo.ecp.password);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/staff/patients (search)', () => {
  it('finds a patient by full name, part of it, or a name typed with extra spaces', async () => {
    const p = await patient({ firstName: 'Quintessa', lastName: 'Marrowby' });
    for (const q of ['Quintessa', 'quintessa marrowby', '  QUINTESSA   Marrow ', 'essa marr']) {
      const res = await search(`?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(ids(res), q).toEqual([p.id]);
      expect(res.body.Data.searchedFields).toEqual(['name', 'email']);
    }
    const row = (await search('?q=Quintessa')).body.Data.items[0];
    expect(row).toEqual({
      userId: p.id,
      name: 'Quintessa Marrowby',
      firstName: 'Quintessa',
      lastName: 'Marrowby',
      email: p.email,
      phone: '5555550100',
      dateOfBirth: null,
      createdAt: p.createdAt.toISOString(),
      orderCount: 0,
      intakeStatus: null,
    });
  });

  it('finds a patient by email, whole or in part, in any case', async () => {
    const domain = `mail${unique()}.test`;
    const p = await patient({ email: `zed.okafor@${domain}` });
    const whole = await search(`?q=${encodeURIComponent(`Zed.Okafor@${domain.toUpperCase()}`)}`);
    expect(ids(whole)).toEqual([p.id]);
    expect(whole.body.Data.searchedFields).toEqual(['email']);
    expect(ids(await search(`?q=${encodeURIComponent(`@${domain}`)}`))).toEqual([p.id]);
    // Text without an @ is matched against names and emails.
    expect(ids(await search(`?q=${encodeURIComponent(domain)}`))).toEqual([p.id]);
  });

  it('treats LIKE wildcards in q as plain characters', async () => {
    await patient({ firstName: 'Percent', lastName: 'Person' });
    const res = await search(`?q=${encodeURIComponent('%')}`);
    expect(res.status).toBe(200);
    expect(res.body.Data.items).toEqual([]);
    expect((await search(`?q=${encodeURIComponent('_')}`)).body.Data.items).toEqual([]);
  });

  it('finds a patient by phone digits however the number is written', async () => {
    const area = String(200 + randomInt(700));
    const p = await patient({ phone: `(${area}) 555-0142` });
    const withCountryCode = await patient({ phone: `+1 ${area} 555 0143` });
    for (const q of [
      `${area}5550142`,
      `${area}-555-0142`,
      `(${area}) 555 0142`,
      `1${area}5550142`,
    ]) {
      const res = await search(`?q=${encodeURIComponent(q)}`);
      expect(ids(res), q).toEqual([p.id]);
      expect(res.body.Data.searchedFields).toEqual(['phone']);
    }
    expect(ids(await search(`?q=${area}5550143`))).toEqual([withCountryCode.id]);
  });

  it('finds a patient by date of birth, YYYY-MM-DD or MM/DD/YYYY', async () => {
    const p = await patient({ dateOfBirth: '1911-06-15' });
    for (const q of ['1911-06-15', '06/15/1911', '6/15/1911']) {
      const res = await search(`?q=${encodeURIComponent(q)}`);
      expect(ids(res), q).toEqual([p.id]);
      expect(res.body.Data.searchedFields).toEqual(['dateOfBirth']);
      expect(res.body.Data.items[0].dateOfBirth).toBe('1911-06-15');
    }
  });

  it('lists patients only, never staff accounts', async () => {
    const name = `Staffer${unique()}`;
    await patient({ firstName: name, role: 'agent' });
    const p = await patient({ firstName: name });
    expect(ids(await search(`?q=${name}`))).toEqual([p.id]);
    expect(ids(await search(`?q=${encodeURIComponent(demo.agent.email)}`))).toEqual([]);
  });

  it('counts placed orders (not carts) on each row', async () => {
    const p = await patient({ firstName: `Counted${unique()}` });
    await placedOrder(t, p.id);
    await placedOrder(t, p.id, { status: 'shipped' });
    await placedOrder(t, p.id, { status: 'cart' });
    const res = await search(`?q=${p.firstName}`);
    expect(res.body.Data.items[0].orderCount).toBe(2);
  });

  it('walks every page newest first with the keyset cursor, each patient once', async () => {
    const lastName = `Keyset${unique()}`;
    const base = Date.now() - 60_000;
    const made = [];
    for (let i = 0; i < 7; i += 1) {
      // Two share a creation time: the id breaks the tie.
      made.push(await patient({ lastName, createdAt: new Date(base + Math.min(i, 5) * 1000) }));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await search(`?q=${lastName}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...ids(res));
      cursor = res.body.Data.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const expected = [...made]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((p) => p.id);
    expect(seen).toEqual(expected);
  });

  it('pages without q too, and an unknown cursor gives an empty page', async () => {
    const res = await search('?limit=2');
    expect(res.status).toBe(200);
    expect(res.body.Data.items).toHaveLength(2);
    expect(res.body.Data.searchedFields).toEqual([]);
    const stale = await search(`?cursor=${crypto.randomUUID()}`);
    expect(stale.status).toBe(200);
    expect(stale.body.Data).toMatchObject({ items: [], nextCursor: null });
  });

  it('refuses bad paging input with 400', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?cursor=not-a-uuid',
      '?unknown=1',
      `?q=${'x'.repeat(101)}`,
    ]) {
      expect((await search(query)).status, query).toBe(400);
    }
  });

  it('audits every search with the fields searched, never the text', async () => {
    const secret = `Zebulon${unique()}`;
    const res = await search(`?q=${secret}`);
    expect(res.status).toBe(200);
    const [entry] = await auditEntries('staff.patients.search', agentId);
    expect(entry).toMatchObject({
      actorRole: 'agent',
      outcome: 'success',
      requestId: expect.any(String),
      ip: expect.any(String),
    });
    expect(entry?.detail).toMatchObject({ fields: ['name', 'email'], results: 0 });
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('is for agents and admins only', async () => {
    expect((await search('', adminToken)).status).toBe(200);
    expect((await search('', patientToken)).status).toBe(403);
    expect((await search('', ecpToken)).status).toBe(403);
    expect((await search('', null)).status).toBe(401);
  });
});

describe('GET /api/staff/patients/:userId (the patient view)', () => {
  async function fullPatient() {
    const p = await patient({ firstName: 'Viewable', dateOfBirth: '1970-01-02' });
    const card = await savedCard(t, p.id, { last4: '4242' });
    await savedCard(t, p.id, { isDefault: false, last4: '1881' });
    const [address] = await t.database.db
      .insert(addresses)
      .values({
        userId: p.id,
        fullName: 'Viewable Ient',
        line1: '9 Elm St',
        city: 'Salem',
        state: 'OR',
        zip: '97301',
      })
      .returning();
    const created = [];
    const base = Date.now() - 100 * 60_000;
    for (let i = 0; i < 23; i += 1) {
      created.push(
        await placedOrder(t, p.id, {
          cardId: card.id,
          paidAt: new Date(base + i * 60_000),
          createdAt: new Date(base + i * 60_000),
        }),
      );
    }
    const withVisit = created[22];
    if (!withVisit) throw new Error('no order');
    const [doctor] = await t.database.db.select().from(doctors).limit(1);
    if (!doctor) throw new Error('no seeded doctor');
    const startsAt = new Date(Date.now() + (30 + randomInt(10_000)) * 60 * 60_000);
    startsAt.setUTCSeconds(randomInt(60), 0);
    const [slot] = await t.database.db
      .insert(doctorSlots)
      .values({
        doctorId: doctor.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 15 * 60_000),
        bookedByOrderId: withVisit.id,
      })
      .returning();
    await t.database.db
      .update(orders)
      .set({ slotId: slot?.id, doctorId: doctor.id })
      .where(eq(orders.id, withVisit.id));
    const product = await productBySku(t, 'OTC-EYE-DROPS');
    await t.database.db.insert(autoRefills).values({
      userId: p.id,
      sourceOrderId: withVisit.id,
      productId: product.id,
      qty: 1,
      intervalDays: 30,
      nextRunAt: new Date(Date.now() + 30 * 86_400_000),
      cardId: card.id,
      addressId: address?.id,
    });
    return { p, card, created, withVisit, doctor, startsAt };
  }

  it('shows profile, recent orders, refills, addresses, masked cards, visits and documents', async () => {
    const { p, created, withVisit, doctor, startsAt } = await fullPatient();
    const [uploaded] = await t.database.db
      .insert(documents)
      .values({
        userId: p.id,
        name: 'insurance card.png',
        mimeType: 'image/png',
        sizeBytes: 68,
        storageKey: randomUUID(),
      })
      .returning();
    const res = await call(t.url, 'GET', `${patientsPath}/${p.id}`, { token: agentToken });
    expect(res.status).toBe(200);
    const data = res.body.Data;
    expect(data.profile).toMatchObject({
      userId: p.id,
      firstName: 'Viewable',
      email: p.email,
      dateOfBirth: '1970-01-02',
      hasPassword: false,
      disabled: false,
      intakeStatus: null,
    });
    expect(data.orders.items).toHaveLength(20);
    expect(data.orders.items[0].orderId).toBe(withVisit.id);
    expect(data.orders.nextCursor).toBe(data.orders.items[19].orderId);

    expect(data.cards).toHaveLength(2);
    for (const card of data.cards) {
      expect(Object.keys(card).sort()).toEqual(
        ['brand', 'cardId', 'expMonth', 'expYear', 'isDefault', 'label', 'last4'].sort(),
      );
    }
    expect(data.cards[0]).toMatchObject({ brand: 'visa', last4: '4242', label: 'Visa •••• 4242' });
    expect(data.addresses).toEqual([
      expect.objectContaining({ line1: '9 Elm St', city: 'Salem', zip: '97301' }),
    ]);
    expect(data.autoRefills).toHaveLength(1);
    expect(data.autoRefills[0]).toMatchObject({ sourceOrderId: withVisit.id, active: true });
    expect(data.visits).toEqual([
      {
        orderId: withVisit.id,
        orderNumber: withVisit.orderNumber,
        orderStatus: 'approved',
        doctor: { doctorId: doctor.id, name: `Dr. ${doctor.firstName} ${doctor.lastName}` },
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 15 * 60_000).toISOString(),
        status: 'upcoming',
      },
    ]);
    expect(data.documents).toEqual([
      {
        documentId: uploaded?.id,
        name: 'insurance card.png',
        contentType: 'image/png',
        uploadedAt: uploaded?.createdAt.toISOString(),
      },
    ]);

    // No gateway token and no card number anywhere in the answer.
    const json = JSON.stringify(res.body);
    expect(json).not.toMatch(/tok_/);
    expect(json).not.toMatch(/gateway/i);
    expect(json).not.toMatch(/\d{13,19}/);

    // The rest of the orders through the keyset link.
    const more = await call(
      t.url,
      'GET',
      `${patientsPath}/${p.id}/orders?cursor=${data.orders.nextCursor}`,
      { token: agentToken },
    );
    expect(more.status).toBe(200);
    expect(more.body.Data.items).toHaveLength(3);
    expect(more.body.Data.nextCursor).toBeNull();
    const all = [...data.orders.items, ...more.body.Data.items].map(
      (o: { orderId: string }) => o.orderId,
    );
    expect(new Set(all)).toEqual(new Set(created.map((o) => o.id)));
  });

  it('audits each view and each page of orders with the patient as subject', async () => {
    const p = await patient({});
    expect(
      (await call(t.url, 'GET', `${patientsPath}/${p.id}`, { token: adminToken })).status,
    ).toBe(200);
    const [admin] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, demo.admin.email));
    const [view] = await auditEntries('staff.patients.view', admin?.id ?? '');
    expect(view).toMatchObject({ subject: p.id, actorRole: 'admin', outcome: 'success' });
    await call(t.url, 'GET', `${patientsPath}/${p.id}/orders`, { token: agentToken });
    const [orders] = await auditEntries('staff.patients.orders', agentId);
    expect(orders).toMatchObject({ subject: p.id, actorRole: 'agent' });
  });

  it('answers 404 for an unknown id or a staff account, 400 for a malformed id', async () => {
    const view = (id: string) => call(t.url, 'GET', `${patientsPath}/${id}`, { token: agentToken });
    expect((await view(crypto.randomUUID())).status).toBe(404);
    expect((await view(agentId)).status).toBe(404);
    expect((await view('not-a-uuid')).status).toBe(400);
    expect(
      (await call(t.url, 'GET', `${patientsPath}/${agentId}/orders`, { token: agentToken })).status,
    ).toBe(404);
  });

  it('is for agents and admins only', async () => {
    const p = await createUser(t);
    for (const token of [patientToken, ecpToken]) {
      expect((await call(t.url, 'GET', `${patientsPath}/${p.id}`, { token })).status).toBe(403);
      expect((await call(t.url, 'GET', `${patientsPath}/${p.id}/orders`, { token })).status).toBe(
        403,
      );
    }
    expect((await call(t.url, 'GET', `${patientsPath}/${p.id}`)).status).toBe(401);
  });
});

describe('POST /api/staff/patients (a patient for a phone order)', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Phone',
    lastName: 'Caller',
    email: `caller-${unique()}@example.test`,
    phone: '(503) 555-0199',
    dateOfBirth: '1982-03-04',
    ...overrides,
  });
  const create = (json: unknown, token: string | null = agentToken) =>
    call(t.url, 'POST', patientsPath, { json, token });

  it('creates a passcode-only patient from the staff and audits it', async () => {
    const input = body({ email: `  Mixed.Case-${unique()}@Example.TEST ` });
    const res = await create(input);
    expect(res.status).toBe(201);
    const data = res.body.Data;
    expect(data).toMatchObject({
      name: 'Phone Caller',
      email: input.email.trim().toLowerCase(),
      phone: '5035550199',
      dateOfBirth: '1982-03-04',
      orderCount: 0,
      intakeStatus: null,
    });
    const row = await userRow(t, data.userId);
    expect(row).toMatchObject({
      role: 'patient',
      passwordHash: null,
      signupSource: 'staff',
      storefrontId: t.config.storefrontId,
      registeredByEcpId: null,
    });
    const [entry] = await auditEntries('staff.patients.create', agentId);
    expect(entry).toMatchObject({ subject: data.userId, outcome: 'success' });
    // The new patient is found at once by the search.
    expect(ids(await search(`?q=${encodeURIComponent(data.email)}`))).toEqual([data.userId]);
  });

  it('refuses an email that already has an account with the spec message (409)', async () => {
    const input = body();
    expect((await create(input)).status).toBe(201);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const again = await create({ ...input, email: input.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe(alreadyRegistered);
    const staff = await create(body({ email: demo.agent.email }));
    expect(staff.status).toBe(409);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after).toEqual(before);
  });

  it('validates with the spec rules and keys', async () => {
    const res = await create(body({ phone: '555-0199', email: 'nope', firstName: 'A' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      phone: 'phoneNumberError',
      email: 'emailError',
      firstName: 'firstNameError',
    });
    const phoneOnly = await create(body({ phone: '12345' }));
    expect(phoneOnly.body.Message).toBe(phoneNumberFormat);
    expect((await create({ ...body(), password: 'Secret#2026' })).status).toBe(400);
    expect((await create(body({ storefrontId: 999_999 }))).status).toBe(400);
  });

  it('is for agents and admins only', async () => {
    expect((await create(body(), adminToken)).status).toBe(201);
    expect((await create(body(), patientToken)).status).toBe(403);
    expect((await create(body(), ecpToken)).status).toBe(403);
    expect((await create(body(), null)).status).toBe(401);
  });
});
