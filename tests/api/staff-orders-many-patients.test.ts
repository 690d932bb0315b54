import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTED_PATIENTS } from '../../server/modules/staff-orders/search-condition';
import { call } from './helpers/http';
import { placedOrder } from './helpers/placed-orders';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, tokenFor } from './helpers/users';

/**
 * The lookup's search when more patients match than it lists by id (search-condition.ts): the
 * patients are then matched inside the page's own query. Same answers, same paging.
 */

let t: TestApp;
let token = '';
const patientCount = MAX_LISTED_PATIENTS + 50;
/** Orders of three of the many patients, newest first. */
const newestFirst: string[] = [];
let middleEmail = '';

interface Row {
  orderId: string;
  patient: { email: string } | null;
}

async function page(params: Record<string, string>) {
  const res = await call(t.url, 'GET', `/api/staff/orders?${new URLSearchParams(params)}`, {
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Data as { rows: Row[]; nextCursor: string | null };
}

beforeAll(async () => {
  t = await startTestApp();
  const agent = await createUser(t, {
    role: 'agent',
    email: `agent-many-${Date.now()}@staff.test`,
  });
  token = await tokenFor(t, agent.email, agent.password);
  await t.database.db.execute(sql`
    insert into users (email, first_name, last_name, storefront_id, role, signup_source)
    select 'manyfold.' || n || '@many.test', 'Pat' || n, 'Manyfold', ${t.config.storefrontId},
           'patient', 'seed'
    from generate_series(1, ${patientCount}::int) as n`);
  const picked = [1, Math.floor(patientCount / 2), patientCount];
  middleEmail = `manyfold.${picked[1]}@many.test`;
  const day = Date.parse('2026-03-01T00:00:00Z');
  for (const [i, n] of picked.entries()) {
    const result = await t.database.db.execute(
      sql`select id from users where email = ${`manyfold.${n}@many.test`}`,
    );
    const userId = (result as unknown as { rows: { id: string }[] }).rows[0]?.id ?? null;
    const order = await placedOrder(t, userId, { createdAt: new Date(day + i * 3_600_000) });
    newestFirst.unshift(order.id);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('order lookup search matching many patients', () => {
  it('finds the orders of every matching patient, newest first', async () => {
    const data = await page({ q: 'manyfold' });
    expect(data.rows.map((r) => r.orderId)).toEqual(newestFirst);
    expect(data.nextCursor).toBeNull();
  });

  it('pages them by cursor without losing or repeating one', async () => {
    const first = await page({ q: 'Manyfold', limit: '2' });
    expect(first.rows.map((r) => r.orderId)).toEqual(newestFirst.slice(0, 2));
    expect(first.nextCursor).not.toBeNull();
    const second = await page({ q: 'Manyfold', limit: '2', cursor: first.nextCursor ?? '' });
    expect(second.rows.map((r) => r.orderId)).toEqual(newestFirst.slice(2));
    expect(second.nextCursor).toBeNull();
  });

  it('still finds one of them by their email, whatever the case', async () => {
    const data = await page({ q: middleEmail.toUpperCase() });
    expect(data.rows.map((r) => r.orderId)).toEqual([newestFirst[1]]);
    expect(data.rows[0]?.patient?.email).toBe(middleEmail);
  });

  it('checks the whole email, not only the part up to the @', async () => {
    const data = await page({ q: 'manyfold.1@elsewhere.test' });
    expect(data.rows).toEqual([]);
  });
});
