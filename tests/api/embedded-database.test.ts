import { connect as connectSocket } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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

  it('answers every query of one chunk, an error in the first one included', async () => {
    // Two simple queries written together reach the server as one chunk, handed to PGlite at
    // once: the failing one is answered with its error, the next one still runs.
    const chunk = Buffer.concat(
      ['select * from nowhere', 'select 41 + 1 as answer'].map((text) => {
        const body = Buffer.from(`${text}\0`);
        const message = Buffer.alloc(5 + body.length);
        message.write('Q', 0);
        message.writeInt32BE(4 + body.length, 1);
        body.copy(message, 5);
        return message;
      }),
    );
    const socket = connectSocket(join(embedded.socketDir, `.s.PGSQL.${embedded.port}`));
    await new Promise((resolve) => socket.once('connect', resolve));
    // A startup message for protocol 3.0, user postgres.
    const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
    const startup = Buffer.alloc(8 + params.length);
    startup.writeInt32BE(startup.length, 0);
    startup.writeInt32BE(196608, 4);
    params.copy(startup, 8);
    const received: Buffer[] = [];
    socket.on('data', (data) => received.push(data));
    socket.write(startup);
    await expect.poll(() => Buffer.concat(received).includes('Z')).toBe(true);
    received.length = 0;
    socket.write(chunk);
    // ReadyForQuery, idle: 'Z', length 5, 'I'.
    const readyMessage = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
    const readyForQuery = (bytes: Buffer) => {
      let count = 0;
      for (
        let at = bytes.indexOf(readyMessage);
        at >= 0;
        at = bytes.indexOf(readyMessage, at + 1)
      ) {
        count += 1;
      }
      return count;
    };
    await expect.poll(() => readyForQuery(Buffer.concat(received))).toBe(2);
    const answer = Buffer.concat(received).toString('latin1');
    expect(answer).toContain('relation "nowhere" does not exist');
    expect(answer).toContain('42');
    socket.destroy();
  });

  it('keeps a buffer cache of 16 MB, not Postgres’s 128 MB, with PGlite’s own settings', async () => {
    // The embedded server's memory budget (DESIGN §7): the cache is held in PGlite's heap.
    const client = await connect();
    const setting = async (name: string) =>
      (await client.query(`select current_setting('${name}') as value`)).rows[0].value;
    expect(await setting('shared_buffers')).toBe('16MB');
    expect(await setting('search_path')).toBe('public');
    expect(await setting('max_worker_processes')).toBe('0');
    await client.end();
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

describe('an in-memory embedded database started from a data directory image', () => {
  it('holds what the dumped database held, and refuses an image for a data directory', async () => {
    const source = await PGlite.create();
    await source.exec("create table kept (note text); insert into kept values ('from the image')");
    const image = new Uint8Array(await (await source.dumpDataDir('none')).arrayBuffer());
    await source.close();

    const database = await openDatabase({ kind: 'pglite', dataDir: null, image });
    try {
      await expect(database.db.execute(sql`select note from kept`)).resolves.toMatchObject({
        rows: [{ note: 'from the image' }],
      });
    } finally {
      await database.close();
    }
    expect(() => startEmbeddedDatabase(join('/nonexistent', 'pglite'), image)).toThrow(
      'A data directory image starts an in-memory database',
    );
  });
});
