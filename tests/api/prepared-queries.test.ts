import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtOncePerDatabase } from '../../server/db/prepared';
import { orders } from '../../server/db/schema/orders';
import { startTestApp, type TestApp } from './helpers/test-app';

// A statement built once serves the database and each of its transactions, on the connection of
// the handle it is called with: inside a transaction it sees that transaction's own writes (on
// the pool it would not, or it would wait for the embedded database's one connection).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let builds = 0;
const ordersWithId = builtOncePerDatabase((db) => {
  builds += 1;
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('test_orders_with_id');
});

class RolledBack extends Error {
  constructor(
    readonly id: string | undefined,
    readonly seenInside: number,
  ) {
    super('rolled back');
  }
}

describe('a query built once per database', () => {
  it('is built once, and runs on the connection of the transaction it is called with', async () => {
    const { db } = t.database;
    const seen: { inside: number; outside: number }[] = [];
    // Built first on the database (its pool), then called with transactions.
    expect(await ordersWithId(db).execute({ id: '00000000-0000-4000-8000-000000000000' })).toEqual([
      { n: 0 },
    ]);
    for (let round = 0; round < 3; round++) {
      await db
        .transaction(async (tx) => {
          const [order] = await tx
            .insert(orders)
            .values({ storefrontId: t.config.storefrontId })
            .returning({ id: orders.id });
          const id = order?.id;
          const [inside] = await ordersWithId(tx).execute({ id });
          throw new RolledBack(id, inside?.n ?? -1);
        })
        .catch(async (error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
          const [outside] = await ordersWithId(db).execute({ id: error.id });
          seen.push({ inside: error.seenInside, outside: outside?.n ?? -1 });
        });
    }
    expect(seen).toEqual([
      { inside: 1, outside: 0 },
      { inside: 1, outside: 0 },
      { inside: 1, outside: 0 },
    ]);
    expect(builds).toBe(1);
  });
});
