import type pg from 'pg';
import type { AppConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { seedOrders } from '../../server/db/seed/bulk-orders';
import { seedDatabase } from '../../server/db/seed/seed';

/**
 * The order lookup bench's data: the database filled up to the asked number of placed orders
 * (only what is missing, so a re-run on the same database starts at once), then real values
 * sampled from random rows, so that every timed search finds something.
 */

export interface LookupSample {
  orderNumber: string;
  createdAtKey: string;
  id: string;
  status: string;
  totalCents: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
}

const thousands = (n: number) => n.toLocaleString('en-US');

async function placedOrderCount(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: number }>(
    `select count(*)::int as n from orders where status <> 'cart'`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Seeds what is missing; answers how many placed orders the database holds. */
export async function ensureOrders(
  client: pg.Client,
  database: Database,
  config: AppConfig,
  wanted: number,
): Promise<number> {
  await database.migrate();
  await seedDatabase(database, config);
  const have = await placedOrderCount(client);
  if (have >= wanted) return have;
  const missing = wanted - have;
  console.log(`seeding ${thousands(missing)} orders (the database holds ${thousands(have)})…`);
  let lastTenth = 0;
  const result = await seedOrders(database, config, {
    orders: missing,
    // Another seed per top-up, so that a second run does not repeat the first one's names.
    seed: 132 + have,
    batchSize: 5000,
    onProgress: (p) => {
      const tenth = Math.floor((p.done * 10) / p.total);
      if (p.phase !== 'orders' || tenth === lastTenth) return;
      lastTenth = tenth;
      console.log(
        `  ${thousands(p.done)} / ${thousands(p.total)} in ${(p.elapsedMs / 1000).toFixed(0)} s`,
      );
    },
  });
  console.log(
    `seeded ${thousands(result.orders)} orders and ${thousands(result.patients)} patients in ${(result.elapsedMs / 1000).toFixed(0)} s`,
  );
  // A table in use is vacuumed by autovacuum; one filled a moment ago may not be yet, and until
  // then its pages are not known all-visible, so index-only scans still read the table.
  await client.query('vacuum (analyze) orders, users, order_items');
  return placedOrderCount(client);
}

/** `count` random placed orders of patients who have a phone and a date of birth. */
export async function sampleOrders(client: pg.Client, count: number): Promise<LookupSample[]> {
  const result = await client.query<LookupSample>(
    `
    select o.order_number as "orderNumber",
           to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAtKey",
           o.id, o.status, o.total_cents as "totalCents",
           u.first_name as "firstName", u.last_name as "lastName", u.email, u.phone,
           to_char(u.date_of_birth, 'YYYY-MM-DD') as "dateOfBirth"
    from orders o join users u on u.id = o.user_id
    where o.status <> 'cart' and o.order_number is not null
      and u.phone is not null and u.date_of_birth is not null and u.last_name <> ''
    order by random()
    limit $1`,
    [count],
  );
  const rows = result.rows;
  if (rows.length === 0) throw new Error('no placed orders with a patient to sample');
  return rows;
}
