import { and, eq, getTableColumns, getTableName, isNull, like, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppConfig } from '../../config';
import type { Database, DbOrTx } from '../client';
import { doctors, pharmacies, shippingMethods } from '../schema/care-network';
import { products } from '../schema/catalog';
import { users } from '../schema/identity';
import {
  addresses,
  cards,
  orderItems,
  orderStatusHistory,
  orders,
  payments,
  promoCodes,
  promoRedemptions,
} from '../schema/orders';
import { storefronts } from '../schema/platform';
import { BulkOrderGenerator, type GeneratorContext, type SeedPromo } from './bulk-order-rows';
import {
  assertReferencesHold,
  deferReferenceChecks,
  mayDeferReferenceChecks,
} from './deferred-references';

export interface SeedOrdersOptions {
  /** How many placed orders to add. */
  orders: number;
  /** The same seed on a fresh database gives the same rows. */
  seed: number;
  /** "Now" for the dates (default: the real now); tests fix it to compare two runs. */
  now?: Date;
  /** Orders per transaction, 1000 to 5000 (fewer when fewer are asked for). */
  batchSize?: number;
  onProgress?: (progress: SeedOrdersProgress) => void;
}

export interface SeedOrdersProgress {
  phase: 'patients' | 'orders';
  done: number;
  total: number;
  elapsedMs: number;
}

export interface SeedOrdersResult {
  patients: number;
  orders: number;
  elapsedMs: number;
}

const patientsPerTransaction = 5_000;
/** Rows per INSERT statement: a few MB of JSON at most. */
const rowsPerStatement = 5_000;
export const maxSeedOrders = 50_000_000;

/**
 * Multi-row INSERTs of plain rows, sent as ONE JSON parameter that PostgreSQL unpacks with
 * json_populate_recordset: drizzle's own builder spends more time assembling a statement of
 * thousands of rows than the database takes to insert them. Columns left out of the rows take
 * their defaults. The values are JSON-typed (dates as ISO strings, jsonb columns as objects).
 */
async function insertAll(db: DbOrTx, table: PgTable, rows: readonly Record<string, unknown>[]) {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(first);
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column.name;
  });
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  for (let i = 0; i < rows.length; i += rowsPerStatement) {
    const chunk = rows.slice(i, i + rowsPerStatement).map((row) => {
      const record: Record<string, unknown> = {};
      keys.forEach((key, k) => {
        record[names[k] as string] = row[key] ?? null;
      });
      return record;
    });
    await db.execute(
      sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(chunk)}::json)`,
    );
  }
}

/** Order numbers taken from the same sequence the checkout uses, so they never collide. */
async function reserveOrderNumbers(db: DbOrTx, count: number): Promise<string[]> {
  const rows = await db
    .select({ n: sql<string>`nextval('order_number_seq')::text` })
    .from(sql`generate_series(1, ${count}::int)`);
  return rows.map((row) => `SF-${row.n}`);
}

async function loadContext(
  db: DbOrTx,
  storefrontId: number,
  now: Date,
  totalOrders: number,
): Promise<GeneratorContext> {
  const catalog = await db
    .select()
    .from(products)
    .where(and(eq(products.storefrontId, storefrontId), eq(products.active, true)))
    .orderBy(products.id);
  if (catalog.length === 0) {
    throw new Error(`storefront ${storefrontId} has no catalog: seed the database first`);
  }
  const methods = await db
    .select({ id: shippingMethods.id, feeCents: shippingMethods.feeCents })
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(shippingMethods.feeCents, shippingMethods.id);
  const [storefront] = await db
    .select({ taxSettings: storefronts.taxSettings })
    .from(storefronts)
    .where(eq(storefronts.id, storefrontId));
  const tax = storefront?.taxSettings as
    | { isSalesTaxEnabled?: boolean; rateBasisPointsByState?: Record<string, number> }
    | undefined;
  // Codes any order may use: not limited to products nor capped (the caps stay exact).
  const promos: SeedPromo[] = (
    await db
      .select()
      .from(promoCodes)
      .where(
        and(
          eq(promoCodes.storefrontId, storefrontId),
          isNull(promoCodes.productIds),
          isNull(promoCodes.maxUses),
        ),
      )
      .orderBy(promoCodes.code)
  ).map((row) => ({ code: row.code, terms: row }));
  const pharmacyRows = await db
    .select({ id: pharmacies.id })
    .from(pharmacies)
    .where(eq(pharmacies.isPatientCreated, false))
    .orderBy(pharmacies.id)
    .limit(500);
  const doctorRows = await db
    .select({ id: doctors.id, licensedStates: doctors.licensedStates })
    .from(doctors)
    .where(eq(doctors.active, true))
    .orderBy(doctors.id);
  const agents = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'agent'))
    .orderBy(users.id)
    .limit(50);
  return {
    storefrontId,
    now,
    totalOrders,
    products: catalog.map((p) => ({
      id: p.id,
      priceCents: p.priceCents,
      consultFeeCents: p.consultFeeCents,
      isConsultRequired: p.isConsultRequired,
      visitType: p.visitType,
      requiredStages: p.requiredStages,
      qtyRange: p.qtyRange,
      defaultQuantity: p.defaultQuantity,
      shippableStates: p.shippableStates,
    })),
    shippingMethods: methods,
    taxRates: tax?.isSalesTaxEnabled ? (tax.rateBasisPointsByState ?? {}) : {},
    promos,
    pharmacyIds: pharmacyRows.map((p) => p.id),
    doctors: doctorRows,
    agentIds: agents.map((a) => a.id),
  };
}

/** Patients made by earlier runs: the next run numbers its emails after them. */
async function generatedPatientCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.signupSource, 'seed'), like(users.email, '%@example.com')));
  return row?.n ?? 0;
}

/** How many batches are inserted at the same time (each in its own transaction). */
const insertsAtOnce = 2;

/** The tables a seed writes, in the order it writes them. */
const seededTables = [
  users,
  addresses,
  cards,
  orders,
  orderItems,
  payments,
  orderStatusHistory,
  promoRedemptions,
];

/**
 * One batch of orders with their items, payments, history and promo uses: one transaction.
 * With `deferred`, its foreign keys are checked at the end of the seed, not row by row.
 */
async function insertOrderBatch(
  db: Database['db'],
  rows: ReturnType<BulkOrderGenerator['nextOrders']>,
  deferred: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (deferred) await deferReferenceChecks(tx);
    await insertAll(tx, orders, rows.orders);
    await insertAll(tx, orderItems, rows.items);
    await insertAll(tx, payments, rows.payments);
    await insertAll(tx, orderStatusHistory, rows.history);
    await insertAll(tx, promoRedemptions, rows.redemptions);
    // In the order of their codes: two batches at once then never wait for each other's lock.
    for (const [code, uses] of [...rows.promoUses].sort(([a], [b]) => a.localeCompare(b))) {
      await tx
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + ${uses}` })
        .where(eq(promoCodes.code, code));
    }
  });
}

/**
 * Batches made one after the other, in order, so that a seed gives the same data; while the
 * database inserts one batch the next is made, and two batches are inserted at once (the
 * database is the slower side, and one insert keeps one core busy). A failed insert ends the
 * run, once the other one under way has ended too.
 */
async function insertTwoAtOnce<B extends { count: number }>(steps: {
  total: number;
  make: (from: number) => Promise<B>;
  insert: (batch: B) => Promise<void>;
  inserted: (done: number) => void;
}): Promise<void> {
  let inserted = 0;
  const failures: unknown[] = [];
  const inserting = new Set<Promise<void>>();
  for (let made = 0; made < steps.total && failures.length === 0; ) {
    const batch = await steps.make(made);
    made += batch.count;
    const insert: Promise<void> = steps.insert(batch).then(
      () => {
        inserted += batch.count;
        steps.inserted(inserted);
        inserting.delete(insert);
      },
      (error: unknown) => {
        failures.push(error);
        inserting.delete(insert);
      },
    );
    inserting.add(insert);
    if (inserting.size >= insertsAtOnce) await Promise.race(inserting);
  }
  await Promise.all(inserting);
  if (failures.length > 0) throw failures[0];
}

/**
 * Fills the database with `orders` realistic placed orders for benchmarks (issue 5): about one
 * patient per five orders (faker names, emails, phones, dates of birth; no password, so no
 * hashing), each with a home address and a saved card; orders over the last two years, mostly
 * approved, shipped or delivered, of 1 to 3 catalog products, totals from shared/cart, numbers
 * from the order sequence, a payment row and the status history each. Bulk multi-row INSERTs,
 * one transaction per batch: a run stopped midway keeps whole batches only. As a superuser the
 * rows' foreign keys are checked once per table when all are in, not row by row.
 */
export async function seedOrders(
  database: Database,
  config: AppConfig,
  options: SeedOrdersOptions,
): Promise<SeedOrdersResult> {
  const total = options.orders;
  if (!Number.isInteger(total) || total < 0 || total > maxSeedOrders) {
    throw new Error(`orders must be an integer from 0 to ${maxSeedOrders}`);
  }
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  if (total === 0) return { patients: 0, orders: 0, elapsedMs: elapsed() };
  const { db } = database;
  const batchSize = Math.min(total, Math.max(1000, Math.min(5000, options.batchSize ?? 2000)));
  const now = options.now ?? new Date();

  const ctx = await loadContext(db, config.storefrontId, now, total);
  const generator = new BulkOrderGenerator(
    ctx,
    options.seed,
    (await generatedPatientCount(db)) + 1,
  );

  const deferred = await mayDeferReferenceChecks(db);
  const patientTotal = Math.max(1, Math.ceil(total / 5));
  await insertTwoAtOnce({
    total: patientTotal,
    make: (from) => {
      const count = Math.min(patientsPerTransaction, patientTotal - from);
      return Promise.resolve({ count, rows: generator.nextPatients(count) });
    },
    insert: ({ rows }) =>
      db.transaction(async (tx) => {
        if (deferred) await deferReferenceChecks(tx);
        await insertAll(tx, users, rows.users);
        await insertAll(tx, addresses, rows.addresses);
        await insertAll(tx, cards, rows.cards);
      }),
    inserted: (done) =>
      options.onProgress?.({ phase: 'patients', done, total: patientTotal, elapsedMs: elapsed() }),
  });
  await insertTwoAtOnce({
    total,
    make: async (from) => {
      const count = Math.min(batchSize, total - from);
      return { count, rows: generator.nextOrders(await reserveOrderNumbers(db, count)) };
    },
    insert: ({ rows }) => insertOrderBatch(db, rows, deferred),
    inserted: (done) =>
      options.onProgress?.({ phase: 'orders', done, total, elapsedMs: elapsed() }),
  });
  if (deferred) await assertReferencesHold(db, seededTables);

  // Fresh statistics, so that the lookups plan with the new indexes' real sizes at once.
  for (const table of seededTables) {
    await db.execute(sql`analyze ${table}`);
  }
  return { patients: generator.patientCount, orders: total, elapsedMs: elapsed() };
}
