import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSlots, doctors } from '../../server/db/schema/care-network';
import { users } from '../../server/db/schema/identity';
import { type OrderStatus, orderItems, orders, payments } from '../../server/db/schema/orders';
import { auditLog } from '../../server/db/schema/platform';
import { staffSavedViews } from '../../server/db/schema/staff';
import { sandboxTestCards } from '../../server/integrations/payments/sandbox-gateway';
import { placedStatuses } from '../../server/modules/order-history/placed-orders';
import { messages } from '../../shared/errors/messages';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { payableOrder } from './helpers/payable-order';
import { placedOrder } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, tokenFor } from './helpers/users';

let t: TestApp;
const tokens = { agent: '', agent2: '', admin: '', ecp: '', patient: '' };
let agentId = '';

interface Person {
  id: string;
  first: string;
  last: string;
  email: string;
  phone: string;
  dob: string;
}
const people: Person[] = [];
interface Seeded {
  id: string;
  i: number;
  person: Person | null;
  status: OrderStatus;
  orderNumber: string | null;
  createdAt: Date;
  sku: string;
  visitType: number | null;
}
const seeded: Seeded[] = [];

const statusCycle: OrderStatus[] = [
  'approved',
  'paid',
  'in-review',
  'shipped',
  'delivered',
  'cancelled',
  'awaiting-payment',
  'refunded',
];
const skus = ['OTC-EYE-DROPS', 'OTC-VITAMIN-D3', 'OTC-READERS'];
const firstDay = Date.parse('2026-01-01T00:00:00Z');
const hour = 60 * 60 * 1000;

beforeAll(async () => {
  t = await startTestApp();
  const tag = randomUUID().slice(0, 8);
  for (const role of ['agent', 'agent2', 'admin', 'ecp', 'patient'] as const) {
    const user = await createUser(t, {
      role: role === 'agent2' ? 'agent' : role,
      email: `${role}-${tag}@staff.test`,
    });
    if (role === 'agent') agentId = user.id;
    tokens[role] = await tokenFor(t, user.email, user.password);
  }
  await t.database.db
    .update(users)
    .set({ firstName: 'Pat', lastName: 'Agentsworth' })
    .where(eq(users.id, agentId));

  const names = [
    { first: 'Ada', last: 'Lovelace', phone: '5555550101', dob: '1990-03-14' },
    { first: 'Grace', last: 'Hopper', phone: '5555550102', dob: '1985-12-09' },
    { first: 'Alan', last: 'Turing', phone: '5555550103', dob: '1975-06-23' },
    // Stored with punctuation: the search matches the phone's digits whatever the format.
    { first: 'Katherine', last: 'Johnson', phone: '(555) 555-0104', dob: '1968-08-26' },
  ];
  for (const n of names) {
    const email = `${n.first}.${n.last}.${tag}@lookup.test`.toLowerCase();
    const user = await createUser(t, { email, phone: n.phone });
    await t.database.db
      .update(users)
      .set({ firstName: n.first, lastName: n.last, dateOfBirth: n.dob })
      .where(eq(users.id, user.id));
    people.push({ id: user.id, email, ...n });
  }

  // 60 placed orders: groups of three share a creation time to the microsecond (the keyset
  // must break ties by id), every tenth is created "now" (microsecond precision), totals repeat.
  for (let i = 0; i < 60; i += 1) {
    const person = people[i % 4] as Person;
    const status = statusCycle[i % statusCycle.length] as OrderStatus;
    const sku = skus[i % 3] as string;
    const createdAt = i % 10 === 9 ? undefined : new Date(firstDay + Math.floor(i / 3) * 6 * hour);
    const order = await placedOrder(t, person.id, {
      status,
      items: [{ sku, qty: (i % 2) + 1 }],
      ...(createdAt ? { createdAt } : {}),
    });
    const orderNumber = i === 6 || i === 14 ? null : `SF-${300100 + i}`;
    const visitType = i % 5 === 0 ? 1 : i % 5 === 1 ? 3 : null;
    const [row] = await t.database.db
      .update(orders)
      .set({ orderNumber, visitType, ...(i % 7 === 0 ? { placedByAgentId: agentId } : {}) })
      .where(eq(orders.id, order.id))
      .returning();
    if (!row) throw new Error('no order');
    seeded.push({
      id: order.id,
      i,
      person,
      status,
      orderNumber,
      createdAt: row.createdAt,
      sku,
      visitType,
    });
  }
  // A guest's placed order: no patient account behind it.
  const guest = await placedOrder(t, null, { status: 'approved' });
  seeded.push({
    id: guest.id,
    i: 60,
    person: null,
    status: 'approved',
    orderNumber: guest.orderNumber,
    createdAt: guest.createdAt,
    sku: 'OTC-EYE-DROPS',
    visitType: null,
  });
  // A cart is not a placed order: never listed.
  await placedOrder(t, people[0]?.id ?? null, { status: 'cart' });
});
afterAll(async () => {
  await t.close();
});

type Params = Record<string, string | string[] | number | undefined>;

function queryString(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

interface Row {
  orderId: string;
  orderNumber: string | null;
  status: string;
  createdAt: string;
  totalCents: number;
  patient: { userId: string; name: string; email: string; phone: string | null } | null;
  products: string[];
  itemCount: number;
  visitType: number | null;
  placedByAgent: string | null;
  source: string;
}

async function list(params: Params = {}, token = tokens.agent) {
  return call(t.url, 'GET', `/api/staff/orders${queryString(params)}`, { token });
}

async function ids(params: Params = {}): Promise<string[]> {
  const res = await list({ limit: 200, ...params });
  expect(res.status).toBe(200);
  expect(res.body.Data.nextCursor).toBeNull();
  return (res.body.Data.rows as Row[]).map((r) => r.orderId).sort();
}

const idsOf = (rows: Seeded[]) => rows.map((r) => r.id).sort();
const ordersOf = (index: number) => seeded.filter((s) => s.person === people[index]);

async function walk(params: Params, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page += 1) {
    const res = await list({ ...params, limit, cursor });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rows.push(...(res.body.Data.rows as Row[]));
    cursor = res.body.Data.nextCursor ?? undefined;
    if (!cursor) return rows;
  }
  throw new Error('the walk did not end');
}

async function placedIdsInDatabase(): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.status, [...placedStatuses]));
  return rows.map((r) => r.id).sort();
}

async function auditRows(action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id));
}

describe('GET /api/staff/orders: search', () => {
  it('lists placed orders newest first with their patient, products and agent', async () => {
    const res = await list({ limit: 5 });
    expect(res.status).toBe(200);
    const rows = res.body.Data.rows as Row[];
    expect(rows).toHaveLength(5);
    expect(typeof res.body.Data.nextCursor).toBe('string');
    expect(res.body.Data).not.toHaveProperty('total');
    const times = rows.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const byAgent = seeded.find((s) => s.i === 7);
    const vitamin = await productBySku(t, 'OTC-VITAMIN-D3');
    const all = await walk({}, 200);
    const row = all.find((r) => r.orderId === byAgent?.id);
    expect(row).toMatchObject({
      orderNumber: 'SF-300107',
      status: 'refunded',
      patient: {
        userId: people[3]?.id,
        name: 'Katherine Johnson',
        email: people[3]?.email,
        phone: '(555) 555-0104',
        dateOfBirth: '1968-08-26',
      },
      products: [vitamin.displayName],
      itemCount: 2,
      placedByAgent: 'Pat Agentsworth',
      source: 'web',
      visitType: null,
    });
    expect(all.find((r) => r.patient === null)?.orderId).toBe(seeded.at(-1)?.id);
    expect(all.every((r) => r.status !== 'cart')).toBe(true);
  });

  it('finds an order by its number, its start, or its digits', async () => {
    const target = seeded.find((s) => s.i === 25);
    expect(await ids({ q: 'SF-300125' })).toEqual([target?.id]);
    expect(await ids({ q: 'sf-300125' })).toEqual([target?.id]);
    expect(await ids({ q: '300125' })).toEqual([target?.id]);
    const prefixed = seeded.filter((s) => s.orderNumber?.startsWith('SF-30012'));
    expect(prefixed).toHaveLength(10);
    expect(await ids({ q: 'SF-30012' })).toEqual(idsOf(prefixed));
  });

  it('finds a patient by part of the full name, whatever the case', async () => {
    const ada = idsOf(ordersOf(0));
    expect(ada).toHaveLength(15);
    expect(await ids({ q: 'LOVELACE' })).toEqual(ada);
    expect(await ids({ q: 'ada love' })).toEqual(ada);
    expect(await ids({ q: '  Ada   Lovelace ' })).toEqual(ada);
    expect(await ids({ q: 'hopp' })).toEqual(idsOf(ordersOf(1)));
    expect(await ids({ q: 'Nobody Atall' })).toEqual([]);
  });

  it('finds a patient by email, whole or in part', async () => {
    expect(await ids({ q: people[1]?.email })).toEqual(idsOf(ordersOf(1)));
    expect(await ids({ q: people[1]?.email.toUpperCase() })).toEqual(idsOf(ordersOf(1)));
    expect(await ids({ q: '@lookup.test' })).toHaveLength(60);
    expect(await ids({ q: 'grace.hopper' })).toEqual(idsOf(ordersOf(1)));
  });

  it('finds a patient by phone number, formatted or not', async () => {
    expect(await ids({ q: '(555) 555-0101' })).toEqual(idsOf(ordersOf(0)));
    expect(await ids({ q: '555-555-0102' })).toEqual(idsOf(ordersOf(1)));
    expect(await ids({ q: '+1 555 555 0103' })).toEqual(idsOf(ordersOf(2)));
    // Stored as "(555) 555-0104": matched on its digits.
    expect(await ids({ q: '5555550104' })).toEqual(idsOf(ordersOf(3)));
    expect(await ids({ q: '5555550199' })).toEqual([]);
  });

  it('finds a patient by date of birth, as YYYY-MM-DD or MM/DD/YYYY', async () => {
    expect(await ids({ q: '1990-03-14' })).toEqual(idsOf(ordersOf(0)));
    expect(await ids({ q: '03/14/1990' })).toEqual(idsOf(ordersOf(0)));
    expect(await ids({ q: '3/14/1990' })).toEqual(idsOf(ordersOf(0)));
    expect(await ids({ q: '08/26/1968' })).toEqual(idsOf(ordersOf(3)));
    expect(await ids({ q: '02/30/1990' })).toEqual([]);
    expect(await ids({ q: '0000-01-01' })).toEqual([]);
    expect(await ids({ q: '12/31/9999' })).toEqual([]);
  });

  it('filters by status, dates, product, visit type and storefront', async () => {
    const withStatus = (...statuses: string[]) =>
      idsOf(seeded.filter((s) => statuses.includes(s.status)));
    expect(await ids({ status: 'cancelled' })).toEqual(withStatus('cancelled'));
    expect(await ids({ status: 'cancelled,refunded' })).toEqual(
      withStatus('cancelled', 'refunded'),
    );
    expect(await ids({ status: ['cancelled', 'refunded'] })).toEqual(
      withStatus('cancelled', 'refunded'),
    );

    const from = Date.parse('2026-01-02T00:00:00Z');
    const to = Date.parse('2026-01-04T00:00:00Z');
    const inRange = seeded.filter(
      (s) => s.createdAt.getTime() >= from && s.createdAt.getTime() < to,
    );
    expect(inRange.length).toBeGreaterThan(5);
    expect(await ids({ from: '2026-01-02', to: '2026-01-03' })).toEqual(idsOf(inRange));

    const readers = await productBySku(t, 'OTC-READERS');
    expect(await ids({ productId: readers.id })).toEqual(
      idsOf(seeded.filter((s) => s.sku === 'OTC-READERS')),
    );
    expect(await ids({ visitType: 3 })).toEqual(idsOf(seeded.filter((s) => s.visitType === 3)));
    expect(await ids({ storefrontId: 999 })).toEqual([]);
    expect(await ids({ storefrontId: 132, q: 'lovelace', status: 'shipped' })).toEqual(
      idsOf(ordersOf(0).filter((s) => s.status === 'shipped')),
    );
  });

  it('refuses bad input with 400', async () => {
    for (const params of [
      { status: 'cart' },
      { status: 'nonsense' },
      { from: '2026-02-30' },
      { from: '0000-01-01' },
      { to: '9999-12-31' },
      { limit: 0 },
      { limit: 201 },
      { sort: 'email' },
      { dir: 'up' },
      { visitType: 4 },
      { productId: '-1' },
      { cursor: 'not a cursor!' },
      { cursor: 'bm90LWpzb24' },
      { cursor: Buffer.from('{"s":"total","d":"asc","k":["x","y"]}').toString('base64url') },
      {
        cursor: Buffer.from(`{"s":"total","d":"asc","k":[1e15,"${randomUUID()}"]}`).toString(
          'base64url',
        ),
      },
      {
        cursor: Buffer.from(
          `{"s":"orderNumber","d":"asc","k":["SF\\u0000","${randomUUID()}"]}`,
        ).toString('base64url'),
      },
      { unknown: 'x' },
      { q: 'x'.repeat(101) },
      { q: 'ada\u0000' },
    ]) {
      const res = await list(params as Params);
      expect(res.status, JSON.stringify(params)).toBe(400);
    }
  });
});

describe('GET /api/staff/orders: sort and keyset paging', () => {
  const compare: Record<string, (a: Row, b: Row) => number> = {
    createdAt: (a, b) => a.createdAt.localeCompare(b.createdAt),
    total: (a, b) => a.totalCents - b.totalCents,
    status: (a, b) => a.status.localeCompare(b.status),
    // Nulls last ascending, first descending (PostgreSQL's order).
    orderNumber: (a, b) =>
      a.orderNumber === b.orderNumber
        ? 0
        : a.orderNumber === null
          ? 1
          : b.orderNumber === null
            ? -1
            : a.orderNumber < b.orderNumber
              ? -1
              : 1,
  };

  /** The whole list in one query, ordered as the documented sort (ties by id; status by time). */
  async function wholeList(sort: string, dir: 'asc' | 'desc'): Promise<string[]> {
    const by = dir === 'asc' ? asc : desc;
    const within = dir === 'asc' ? desc : asc;
    const orderBy = {
      createdAt: [by(orders.createdAt), by(orders.id)],
      orderNumber: [by(orders.orderNumber), by(orders.id)],
      total: [by(orders.totalCents), by(orders.id)],
      status: [by(orders.status), within(orders.createdAt), within(orders.id)],
    }[sort] as SQL[];
    const rows = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.status, [...placedStatuses]))
      .orderBy(...orderBy);
    return rows.map((r) => r.id);
  }

  for (const sort of ['createdAt', 'orderNumber', 'total', 'status']) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`walks every placed order exactly once sorted by ${sort} ${dir}`, async () => {
        const expected = await wholeList(sort, dir);
        for (const limit of [7, 2]) {
          const rows = await walk({ sort, dir }, limit);
          const walked = rows.map((r) => r.orderId);
          expect(new Set(walked).size).toBe(walked.length);
          expect([...walked].sort()).toEqual(await placedIdsInDatabase());
          expect(walked).toEqual(expected);
        }
        const rows = await walk({ sort, dir }, 50);
        const order = compare[sort] as (a: Row, b: Row) => number;
        for (let i = 1; i < rows.length; i += 1) {
          const step = order(rows[i - 1] as Row, rows[i] as Row);
          expect(dir === 'asc' ? step <= 0 : step >= 0).toBe(true);
        }
      });
    }
  }

  it('pages a search the same way', async () => {
    const rows = await walk({ q: 'lovelace', sort: 'total', dir: 'asc' }, 4);
    expect(rows.map((r) => r.orderId).sort()).toEqual(idsOf(ordersOf(0)));
  });

  it('keeps the sort in the cursor and refuses another sort with it', async () => {
    const first = await list({ sort: 'total', dir: 'asc', limit: 5 });
    const cursor = first.body.Data.nextCursor as string;
    const next = await list({ cursor, limit: 5 });
    expect(next.status).toBe(200);
    const totals = (next.body.Data.rows as Row[]).map((r) => r.totalCents);
    const lastTotal = (first.body.Data.rows as Row[]).at(-1)?.totalCents ?? 0;
    expect(totals.every((total) => total >= lastTotal)).toBe(true);
    const other = await list({ cursor, sort: 'createdAt' });
    expect(other.status).toBe(400);
    expect(other.body.Message).toBe(messages.lookupCursorOtherSort);
  });
});

describe('the audit log of lookups', () => {
  it('writes one search entry per call with the fields searched, never the text', async () => {
    const before = (await auditRows('staff.orders.search')).length;
    await list({ q: 'Lovelace', status: 'shipped' });
    await list({ q: '(555) 555-0101' });
    const rows = await auditRows('staff.orders.search');
    expect(rows.length).toBe(before + 2);
    const [phone, name] = rows;
    expect(name?.actorId).toBe(agentId);
    expect(name?.actorRole).toBe('agent');
    expect(name?.requestId).toBeTruthy();
    expect(name?.detail).toMatchObject({
      searchedFields: ['name', 'email'],
      filters: { status: ['shipped'] },
    });
    expect(phone?.detail).toMatchObject({ searchedFields: ['phone'] });
    const stored = JSON.stringify(rows.slice(0, 2)).toLowerCase();
    expect(stored).not.toContain('lovelace');
    expect(stored).not.toContain('0101');
  });
});

describe('GET /api/staff/orders/:orderId', () => {
  it('answers the whole order with the actions of the caller role, audited', async () => {
    const order = seeded.find((s) => s.i === 0) as Seeded;
    const res = await call(t.url, 'GET', `/api/staff/orders/${order.id}`, {
      token: tokens.agent,
    });
    expect(res.status).toBe(200);
    const data = res.body.Data;
    expect(data.order.orderId).toBe(order.id);
    expect(data.order.status).toBe('approved');
    expect(data.patient).toMatchObject({ userId: people[0]?.id, name: 'Ada Lovelace' });
    expect(data.placedByAgent).toBe('Pat Agentsworth');
    expect(data.statusHistory.map((h: { to: string }) => h.to)).toEqual(['paid', 'approved']);
    expect(data.visit).toEqual({ visitType: 1, doctor: null, slot: null });
    expect(data.allowedActions).toEqual(['reorder', 'resend-receipt', 'cancel']);

    const audit = (await auditRows('staff.orders.view'))[0];
    expect(audit?.subject).toBe(`order:${order.id}`);
    expect(audit?.actorId).toBe(agentId);

    const shipped = seeded.find((s) => s.status === 'shipped') as Seeded;
    const asAdmin = await call(t.url, 'GET', `/api/staff/orders/${shipped.id}`, {
      token: tokens.admin,
    });
    // No card charge behind this one, so nothing to refund.
    expect(asAdmin.body.Data.allowedActions).toEqual(['reorder', 'resend-receipt']);
  });

  it('answers 404 for an unknown order', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await call(t.url, 'GET', `/api/staff/orders/${id}`, { token: tokens.agent });
      expect(res.status).toBe(404);
    }
  });
});

describe('order actions', () => {
  async function freshOrder(status: OrderStatus = 'approved') {
    const order = await placedOrder(t, people[2]?.id ?? null, { status });
    await t.database.db
      .update(orders)
      .set({ orderNumber: `SF-${Math.floor(Math.random() * 1e9)}` })
      .where(eq(orders.id, order.id));
    return order;
  }
  const act = (token: string, orderId: string, action: string, json: unknown = {}, headers = {}) =>
    call(t.url, 'POST', `/api/staff/orders/${orderId}/${action}`, { token, json, headers });

  it('resends the receipt to the patient', async () => {
    const order = await freshOrder();
    const res = await act(tokens.agent, order.id, 'resend-receipt');
    expect(res.status).toBe(200);
    expect(res.body.Data.order.orderId).toBe(order.id);
    const outbox = await call(
      t.url,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(people[2]?.email ?? '')}`,
    );
    const [latest] = outbox.body.Data as { subject: string; body: string }[];
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(latest?.subject).toBe(`Your receipt for order ${row?.orderNumber}`);
    expect(latest?.body).toContain('Total: $');
    expect((await auditRows('staff.orders.resend-receipt'))[0]?.subject).toBe(`order:${order.id}`);

    const unpaid = await freshOrder('awaiting-payment');
    const refused = await act(tokens.agent, unpaid.id, 'resend-receipt');
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe(messages.orderNotPaidNoReceipt);
  });

  it('cancels an order, records why and releases its visit time', async () => {
    const order = await freshOrder();
    const [doctor] = await t.database.db.select().from(doctors).limit(1);
    if (!doctor) throw new Error('no doctor');
    const startsAt = new Date(Date.now() + 3 * 24 * hour);
    const [slot] = await t.database.db
      .insert(doctorSlots)
      .values({
        doctorId: doctor.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60 * 1000),
        bookedByOrderId: order.id,
      })
      .returning();
    if (!slot) throw new Error('no slot');
    await t.database.db
      .update(orders)
      .set({ slotId: slot.id, doctorId: doctor.id, visitType: 1 })
      .where(eq(orders.id, order.id));

    const before = await call(t.url, 'GET', `/api/staff/orders/${order.id}`, {
      token: tokens.agent,
    });
    expect(before.body.Data.visit.slot.state).toBe('booked');

    const res = await act(tokens.agent, order.id, 'cancel', { reason: 'Patient called to cancel' });
    expect(res.status).toBe(200);
    const data = res.body.Data;
    expect(data.order.status).toBe('cancelled');
    expect(data.statusHistory.at(-1)).toMatchObject({
      from: 'approved',
      to: 'cancelled',
      note: 'Patient called to cancel',
    });
    expect(data.visit.slot).toMatchObject({ id: slot.id, state: 'released' });
    expect(data.allowedActions).toEqual(['reorder', 'resend-receipt']);
    const [freed] = await t.database.db
      .select()
      .from(doctorSlots)
      .where(eq(doctorSlots.id, slot.id));
    expect(freed?.bookedByOrderId).toBeNull();
    expect(freed?.heldByOrderId).toBeNull();
    const audit = (await auditRows('staff.orders.cancel'))[0];
    expect(audit).toMatchObject({ outcome: 'success', subject: `order:${order.id}` });

    const again = await act(tokens.agent, order.id, 'cancel', { reason: 'again' });
    expect(again.status).toBe(409);
    const shipped = await freshOrder('shipped');
    expect((await act(tokens.agent, shipped.id, 'cancel', { reason: 'late' })).status).toBe(409);
    expect((await act(tokens.agent, shipped.id, 'cancel', {})).status).toBe(400);
    expect((await act(tokens.agent, shipped.id, 'cancel', { reason: 'a\u0000b' })).status).toBe(
      400,
    );
  });

  it('reorders into the patient cart, not the agent', async () => {
    const patient = await createUser(t, { email: `reorder-${randomUUID()}@staff.test` });
    const order = await placedOrder(t, patient.id, {
      status: 'delivered',
      items: [{ sku: 'OTC-VITAMIN-D3', qty: 1 }],
    });
    const res = await act(tokens.agent, order.id, 'reorder');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data.order.orderId).toBe(order.id);

    const [cart] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, patient.id), eq(orders.status, 'cart')));
    if (!cart) throw new Error('no cart for the patient');
    const items = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, cart.id));
    const vitamin = await productBySku(t, 'OTC-VITAMIN-D3');
    expect(items.map((i) => i.productId)).toEqual([vitamin.id]);
    const agentOrders = await t.database.db.select().from(orders).where(eq(orders.userId, agentId));
    expect(agentOrders).toEqual([]);
    expect((await auditRows('staff.orders.reorder'))[0]?.subject).toBe(`order:${order.id}`);

    const guestOrder = seeded.at(-1) as Seeded;
    expect((await act(tokens.agent, guestOrder.id, 'reorder')).status).toBe(409);
  });

  async function paidByCard() {
    const patient = await createUser(t, { email: `refund-${randomUUID()}@staff.test` });
    const token = await tokenFor(t, patient.email, patient.password);
    const order = await payableOrder(t, patient.id, {
      items: [{ sku: 'OTC-EYE-DROPS', qty: 2 }],
    });
    const paid = await call(t.url, 'POST', '/api/payment/PayNow', {
      token,
      json: {
        orderId: order.id,
        card: {
          cardNumber: sandboxTestCards.success,
          expMonth: 12,
          expYear: new Date().getFullYear() + 1,
          cvc: '123',
        },
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return { order, amountCents: paid.body.Data.amountCents as number };
  }

  it('refunds a card payment once (admin only), idempotently', async () => {
    const { order, amountCents } = await paidByCard();
    const detail = await call(t.url, 'GET', `/api/staff/orders/${order.id}`, {
      token: tokens.admin,
    });
    expect(detail.body.Data.allowedActions).toContain('refund');
    const asAgent = await call(t.url, 'GET', `/api/staff/orders/${order.id}`, {
      token: tokens.agent,
    });
    expect(asAgent.body.Data.allowedActions).not.toContain('refund');

    const body = { reason: 'Damaged in transit' };
    const key = randomUUID();
    expect(
      (await act(tokens.agent, order.id, 'refund', body, { 'idempotency-key': key })).status,
    ).toBe(403);
    expect((await act(tokens.admin, order.id, 'refund', body)).status).toBe(400);

    const refundsBefore = t.payments.refunds.length;
    const res = await act(tokens.admin, order.id, 'refund', body, { 'idempotency-key': key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data.order.status).toBe('refunded');
    expect(res.body.Data.allowedActions).toEqual(['reorder', 'resend-receipt']);
    const refundRow = res.body.Data.payments.find(
      (p: { status: string }) => p.status === 'refunded',
    );
    expect(refundRow).toMatchObject({ amountCents, status: 'refunded' });
    expect(t.payments.refunds.length).toBe(refundsBefore + 1);
    expect(t.payments.refunds.at(-1)?.amountCents).toBe(amountCents);

    const replay = await act(tokens.admin, order.id, 'refund', body, { 'idempotency-key': key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(t.payments.refunds.length).toBe(refundsBefore + 1);

    const twice = await act(tokens.admin, order.id, 'refund', body, {
      'idempotency-key': randomUUID(),
    });
    expect(twice.status).toBe(409);
    expect(twice.body.Message).toBe(messages.orderAlreadyRefunded);
    expect(t.payments.refunds.length).toBe(refundsBefore + 1);
    const audit = await auditRows('staff.orders.refund');
    expect(audit[0]).toMatchObject({ outcome: 'failure', subject: `order:${order.id}` });
    expect(audit[1]).toMatchObject({ outcome: 'success', subject: `order:${order.id}` });
    expect(audit[1]?.detail).toMatchObject({ amountCents, from: 'approved' });
  });

  it('refunds part of a payment, never more than was paid', async () => {
    const { order, amountCents } = await paidByCard();
    const headers = () => ({ 'idempotency-key': randomUUID() });
    const tooMuch = await act(
      tokens.admin,
      order.id,
      'refund',
      { reason: 'Goodwill', amountCents: amountCents + 1 },
      headers(),
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.Message).toBe(messages.refundTooLarge);
    const part = await act(
      tokens.admin,
      order.id,
      'refund',
      { reason: 'Goodwill', amountCents: 100 },
      headers(),
    );
    expect(part.status).toBe(200);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((p) => [p.status, p.amountCents]).sort()).toEqual([
      ['refunded', 100],
      ['succeeded', amountCents],
    ]);
  });

  it('refuses the lookup and every action to patients and ECPs', async () => {
    const staffRoutes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/staff/orders') || r.url.startsWith('/api/staff/views'),
    );
    expect(staffRoutes.length).toBeGreaterThanOrEqual(10);
    const order = seeded[0] as Seeded;
    for (const route of staffRoutes) {
      const path = route.url.replace(':orderId', order.id).replace(':viewId', randomUUID());
      for (const token of [tokens.patient, tokens.ecp]) {
        const hasBody = route.method === 'POST';
        const res = await call(t.url, route.method, path, {
          token,
          ...(hasBody ? { json: { reason: 'x' } } : {}),
          headers: { 'idempotency-key': randomUUID() },
        });
        expect(res.status, `${route.method} ${route.url}`).toBe(403);
      }
    }
    const anonymous = await list({}, '');
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/staff/orders/export.csv', () => {
  it('streams the filtered rows as CSV with a header row, audited without the search', async () => {
    const res = await call<string>(t.url, 'GET', '/api/staff/orders/export.csv?q=lovelace', {
      token: tokens.agent,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{8}\.csv"$/,
    );
    const parsed = Papa.parse<Record<string, string>>(res.body, {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([
      'Order number',
      'Created',
      'Status',
      'Patient name',
      'Email',
      'Phone',
      'Total',
      'Products',
    ]);
    const ada = ordersOf(0);
    expect(parsed.data).toHaveLength(ada.length);
    expect(parsed.data.every((r) => r['Patient name'] === 'Ada Lovelace')).toBe(true);
    expect(parsed.data.every((r) => r.Email === people[0]?.email)).toBe(true);
    expect(parsed.data.every((r) => /^\d+\.\d{2}$/.test(r.Total ?? ''))).toBe(true);
    const numbers = new Set(parsed.data.map((r) => r['Order number']));
    for (const s of ada) expect(numbers.has(s.orderNumber ?? '')).toBe(true);
    const created = parsed.data.map((r) => r.Created ?? '');
    expect([...created].sort().reverse()).toEqual(created);

    const audit = (await auditRows('staff.orders.export'))[0];
    expect(audit?.detail).toMatchObject({ searchedFields: ['name', 'email'] });
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('lovelace');
  });

  it('exports every placed order with the list filters', async () => {
    const res = await call<string>(
      t.url,
      'GET',
      '/api/staff/orders/export.csv?status=cancelled&sort=orderNumber&dir=asc',
      { token: tokens.admin },
    );
    expect(res.status).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(res.body, {
      header: true,
      skipEmptyLines: true,
    });
    const cancelled = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.status, 'cancelled'));
    expect(parsed.data).toHaveLength(cancelled.length);
    expect(parsed.data.every((r) => r.Status === 'cancelled')).toBe(true);
  });

  it('reads and writes more rows than one batch, each once, as a stream', async () => {
    // 1,050 paid orders with visit type 2 (no other order has it), three to a creation time.
    const owner = people[1] as Person;
    await t.database.db.execute(sql`
      insert into orders (storefront_id, user_id, status, order_number, total_cents, visit_type,
                          created_at, paid_at)
      select 132, ${owner.id}, 'paid', 'BULK-' || g, g, 2,
             timestamptz '2025-06-01 00:00:00+00' + (g / 3) * interval '1 second', now()
      from generate_series(1, 1050) g`);
    const res = await call<string>(t.url, 'GET', '/api/staff/orders/export.csv?visitType=2', {
      token: tokens.agent,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    const parsed = Papa.parse<Record<string, string>>(res.body, {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.data).toHaveLength(1050);
    expect(new Set(parsed.data.map((r) => r['Order number'])).size).toBe(1050);
    expect(parsed.data[0]).toMatchObject({
      'Order number': 'BULK-1050',
      Status: 'paid',
      'Patient name': 'Grace Hopper',
      Total: '10.50',
      Products: '',
    });
  });

  it('refuses patients, ECPs and bad input', async () => {
    const path = '/api/staff/orders/export.csv';
    expect((await call(t.url, 'GET', path, { token: tokens.patient })).status).toBe(403);
    expect((await call(t.url, 'GET', path, { token: tokens.ecp })).status).toBe(403);
    expect((await call(t.url, 'GET', path)).status).toBe(401);
    for (const q of ['?status=bogus', '?from=yesterday', '?limit=5', '?sort=name', '?x=1']) {
      const res = await call(t.url, 'GET', `${path}${q}`, { token: tokens.agent });
      expect(res.status, q).toBe(400);
    }
  });
});

describe('saved views', () => {
  const view = {
    q: 'lovelace',
    filters: { status: ['shipped', 'delivered'], from: '2026-01-01' },
    sort: 'total',
    dir: 'asc',
    columns: ['orderNumber', 'patientName', 'total'],
  };

  it('keeps each user their own views', async () => {
    const created = await call(t.url, 'POST', '/api/staff/views', {
      token: tokens.agent,
      json: { name: 'Ada shipped', view },
    });
    expect(created.status).toBe(201);
    expect(created.body.Data).toMatchObject({ name: 'Ada shipped', view });
    const viewId = created.body.Data.viewId as string;

    const duplicate = await call(t.url, 'POST', '/api/staff/views', {
      token: tokens.agent,
      json: { name: 'Ada shipped', view: {} },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.Message).toBe(messages.savedViewNameTaken);
    // Another agent may use the same name.
    const theirs = await call(t.url, 'POST', '/api/staff/views', {
      token: tokens.agent2,
      json: { name: 'Ada shipped', view: { sort: 'status' } },
    });
    expect(theirs.status).toBe(201);

    const mine = await call(t.url, 'GET', '/api/staff/views', { token: tokens.agent });
    expect(mine.body.Data.map((v: { viewId: string }) => v.viewId)).toEqual([viewId]);

    const foreign = await call(t.url, 'DELETE', `/api/staff/views/${viewId}`, {
      token: tokens.agent2,
    });
    expect(foreign.status).toBe(404);
    expect(
      (await call(t.url, 'DELETE', '/api/staff/views/not-an-id', { token: tokens.agent2 })).status,
    ).toBe(404);
    const deleted = await call(t.url, 'DELETE', `/api/staff/views/${viewId}`, {
      token: tokens.agent,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.Data).toEqual([]);
    const left = await t.database.db
      .select()
      .from(staffSavedViews)
      .where(like(staffSavedViews.name, 'Ada shipped'));
    expect(left).toHaveLength(1);
  });

  it('refuses views that are not views', async () => {
    for (const json of [
      { name: '', view: {} },
      { name: 'x', view: { sort: 'email' } },
      { name: 'x', view: { filters: { status: ['cart'] } } },
      { name: 'x', view: { columns: ['password'] } },
      { name: 'x', view: {}, extra: true },
      { name: 'x'.repeat(81), view: {} },
      { name: 'bad\u0000name', view: {} },
    ]) {
      const res = await call(t.url, 'POST', '/api/staff/views', { token: tokens.agent, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
  });
});
