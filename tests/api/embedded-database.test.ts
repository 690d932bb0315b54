import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../../server/db/embedded-database';

// The embedded PGlite serves the PostgreSQL protocol from its own thread (server/db/
// pglite-thread.mjs). These are the protocol's promises the app relies on.
describe('the embedded database over its socket', () => {
  let embedded: EmbeddedDatabase;
  const clients: pg.Client[] = [];

  async function connect() {
    const client = new pg.Client({
      host: embedded.socketDir,
      port: embedded.port,
      user: 'postgres',
      database: 'postgres',
    });
    await client.connect();
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    embedded = await startEmbeddedDatabase(null);
    const client = await connect();
    await client.query('create table t (id int primary key, parent int references t(id))');
    await client.end();
  });

  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => {});
    await embedded.stop();
  });

  it.each([
    ['a constraint violation', 'insert into t values ($1, $2)', [1, 99]],
    ['an unknown table', 'select * from nowhere where id = $1', [1]],
  ])('answers the next query on the same connection after %s', async (_, failing, values) => {
    const client = await connect();
    await expect(client.query(failing, values)).rejects.toThrow();
    await expect(client.query('select count(*)::int as n from t')).resolves.toMatchObject({
      rows: [{ n: 0 }],
    });
    await expect(
      client.query({ name: 'by_id', text: 'select * from t where id = $1', values: [1] }),
    ).resolves.toMatchObject({ rowCount: 0 });
    await client.end();
  });

  it('gives a new connection the session without the last one’s named statements', async () => {
    const first = await connect();
    await first.query({ name: 'same_name', text: 'select 1 as one', values: [] });
    await first.end();
    const second = await connect();
    const { rows } = await second.query({ name: 'same_name', text: 'select 2 as two', values: [] });
    expect(rows).toEqual([{ two: 2 }]);
    await second.end();
  });

  it('rolls back what a connection left open when it ends', async () => {
    const first = await connect();
    await first.query('begin');
    await first.query('insert into t values (7, null)');
    await first.end();
    const second = await connect();
    const { rows } = await second.query('select count(*)::int as n from t where id = 7');
    expect(rows).toEqual([{ n: 0 }]);
    await second.end();
  });
});

describe('the embedded database behind the app’s pool', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
  });
  afterAll(() => database.close());

  it('delivers a NOTIFY committed by the app to a subscriber of the channel', async () => {
    const heard: string[] = [];
    const unsubscribe = await database.subscribe('embedded_test', {
      message: (payload) => heard.push(payload),
      up: () => {},
      down: () => {},
    });
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('embedded_test', 'committed')`);
    });
    await expect.poll(() => heard).toEqual(['committed']);
    await unsubscribe();
  });

  it('keeps answering after a failed query', async () => {
    await expect(database.db.execute(sql`select * from nowhere`)).rejects.toThrow();
    await expect(database.db.execute(sql`select 1 as one`)).resolves.toMatchObject({
      rows: [{ one: 1 }],
    });
  });
});
