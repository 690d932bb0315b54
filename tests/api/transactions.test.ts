import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../server/db/client';
import type { HandleInternals } from '../../server/db/prepared';
import { auditLog } from '../../server/db/schema/platform';
import { startTestApp, type TestApp } from './helpers/test-app';

// The app's transactions (server/db/pooled-transactions.ts) on the real database: BEGIN, the
// work, COMMIT or ROLLBACK; one transaction object per connection, kept with it; savepoints
// for nested work; a connection lost on the way is not put back in the pool.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

class Undone extends Error {}

/** The server process of the connection a handle's statements go to. */
const backendOf = async (tx: DbOrTx) => {
  const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: { pid: number }[];
  };
  return result.rows[0]?.pid;
};

async function rowsWithAction(action: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('a transaction', () => {
  it('keeps its work when it ends, and none of it when the work throws (the error reaches the caller)', async () => {
    const kept = `test.kept.${randomUUID()}`;
    const undone = `test.undone.${randomUUID()}`;
    const { db } = t.database;
    const answer = await db.transaction(async (tx) => {
      await tx.insert(auditLog).values({ action: kept, outcome: 'success' });
      return 'done';
    });
    expect(answer).toBe('done');
    const failure = await db
      .transaction(async (tx) => {
        await tx.insert(auditLog).values({ action: undone, outcome: 'success' });
        throw new Undone('undone');
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Undone);
    expect(await rowsWithAction(kept)).toHaveLength(1);
    expect(await rowsWithAction(undone)).toHaveLength(0);
  });

  it('is handed the same object each time it runs on the same connection', async () => {
    const { db } = t.database;
    const seen: { backend: number | undefined; tx: DbOrTx }[] = [];
    for (let round = 0; round < 4; round++) {
      await db.transaction(async (tx) => {
        seen.push({ backend: await backendOf(tx), tx });
      });
    }
    const first = seen[0];
    const again = seen.slice(1).filter((entry) => entry.backend === first?.backend);
    expect(again.length).toBeGreaterThan(0);
    for (const entry of again) expect(entry.tx).toBe(first?.tx);
    for (const entry of seen.filter((e) => e.backend !== first?.backend)) {
      expect(entry.tx).not.toBe(first?.tx);
    }
  });

  it('undoes a nested part that throws and keeps the rest', async () => {
    const outer = `test.outer.${randomUUID()}`;
    const inner = `test.inner.${randomUUID()}`;
    await t.database.db.transaction(async (tx) => {
      await tx.insert(auditLog).values({ action: outer, outcome: 'success' });
      await tx
        .transaction(async (savepoint) => {
          await savepoint.insert(auditLog).values({ action: inner, outcome: 'success' });
          throw new Undone('inner');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Undone)) throw error;
        });
    });
    expect(await rowsWithAction(outer)).toHaveLength(1);
    expect(await rowsWithAction(inner)).toHaveLength(0);
  });

  it('does not give back a connection lost on the way: the next transaction runs on another', async () => {
    const { db } = t.database;
    const lostWork = `test.lost.${randomUUID()}`;
    let lostBackend: number | undefined;
    const failure = await db
      .transaction(async (tx) => {
        lostBackend = await backendOf(tx);
        await tx.insert(auditLog).values({ action: lostWork, outcome: 'success' });
        const { session } = tx as unknown as HandleInternals;
        (
          session.client as { connection: { stream: { destroy(): void } } }
        ).connection.stream.destroy();
        await tx.execute(sql`select 1`);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const next = await db.transaction(async (tx) => ({ backend: await backendOf(tx) }));
    expect(next.backend).toBeDefined();
    if (t.database.kind === 'postgres') expect(next.backend).not.toBe(lostBackend);
    expect(await rowsWithAction(lostWork)).toHaveLength(0);
  });
});
