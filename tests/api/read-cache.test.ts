import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, embeddedPoolConfig, openDatabase } from '../../server/db/client';
import { cachedReadName, poolKeepingReads, readCacheOf } from '../../server/db/read-cache';
import { productBySku } from './helpers/catalog';
import { call } from './helpers/http';
import { migratedImage } from './helpers/migrated-image';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, tokenFor } from './helpers/users';

// The embedded database keeps its hot reads' answers until any other statement is sent
// (server/db/read-cache.ts): one process and one connection, statements run in the order sent.
const notes = pgTable('read_cache_notes', { id: integer('id').primaryKey(), note: text('note') });
const noteRead = cachedReadName('read_cache_test_note');

describe('the embedded database’s read cache', () => {
  let database: Database;
  let sent = 0;
  const noteOf = (db: Database['db']) =>
    db.select({ note: notes.note }).from(notes).where(sql`${notes.id} = 1`).prepare(noteRead);

  /** The note read through the cache, counting the statements that reached the database. */
  function readNote(db: Database['db'] = database.db) {
    const cache = readCacheOf(db);
    if (!cache) throw new Error('no read cache');
    return cache.read(noteRead, { id: 1 }, () => {
      sent += 1;
      return noteOf(db).execute();
    });
  }

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null, image: migratedImage() });
    await database.db.execute(sql`create table read_cache_notes (id int primary key, note text)`);
    await database.db.insert(notes).values({ id: 1, note: 'first' });
  });
  afterAll(() => database.close());

  it('sends a read once until another statement is sent, then again, and sees the change', async () => {
    sent = 0;
    expect(await readNote()).toEqual([{ note: 'first' }]);
    expect(await readNote()).toEqual([{ note: 'first' }]);
    expect(sent).toBe(1);
    await database.db.update(notes).set({ note: 'second' }).where(sql`${notes.id} = 1`);
    expect(await readNote()).toEqual([{ note: 'second' }]);
    expect(sent).toBe(2);
    // Any statement, even one that changes nothing: the cache cannot tell.
    await database.db.execute(sql`select 1`);
    await readNote();
    expect(sent).toBe(3);
  });

  it('gives calls made while a read is under way that same read', async () => {
    await database.db.execute(sql`select 1`);
    sent = 0;
    const answers = await Promise.all([readNote(), readNote(), readNote()]);
    expect(sent).toBe(1);
    expect(answers[1]).toBe(answers[0]);
  });

  it('does not serve a read sent before a write to calls made after it', async () => {
    await database.db.update(notes).set({ note: 'before' }).where(sql`${notes.id} = 1`);
    sent = 0;
    const before = readNote();
    const write = database.db.update(notes).set({ note: 'after' }).where(sql`${notes.id} = 1`);
    await write;
    expect(await before).toEqual([{ note: 'before' }]);
    expect(await readNote()).toEqual([{ note: 'after' }]);
    expect(sent).toBe(2);
  });

  it('does not keep what a transaction writes before it commits, nor read through it', async () => {
    await readNote();
    await database.db.transaction(async (tx) => {
      expect(readCacheOf(tx)).toBeUndefined();
      await tx.update(notes).set({ note: 'in a transaction' }).where(sql`${notes.id} = 1`);
    });
    expect(await readNote()).toEqual([{ note: 'in a transaction' }]);
  });

  it('does not keep a read that failed', async () => {
    const cache = readCacheOf(database.db);
    await database.db.execute(sql`select 1`);
    await expect(
      cache?.read(noteRead, { id: 2 }, () => Promise.reject(new Error('lost'))),
    ).rejects.toThrow('lost');
    expect(await cache?.read(noteRead, { id: 2 }, async () => 'read again')).toBe('read again');
  });

  it('hands out frozen answers, which no caller can change for the others', async () => {
    const [row] = await readNote();
    expect(() => {
      (row as { note: string | null }).note = 'changed';
    }).toThrow(TypeError);
    expect(await readNote()).toEqual([{ note: row?.note }]);
  });

  it('is kept only by a pool of one connection, in the order it sends statements', () => {
    const config = {
      ...embeddedPoolConfig({ socketDir: '/nowhere', port: 5432, stop: async () => {} }),
    };
    expect(() => poolKeepingReads({ ...config, max: 2 })).toThrow(
      'A read cache needs a pool of one connection',
    );
  });
});

describe('hot reads over the read cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('exists on the embedded database only: PostgreSQL is written to by other processes', () => {
    expect(readCacheOf(t.database.db) !== undefined).toBe(t.database.kind === 'pglite');
  });

  it('a cart read again after a change shows it, and after sign-out refuses the token', async () => {
    const user = await createUser(t, { email: `read-cache-${randomUUID()}@example.test` });
    const token = await tokenFor(t, user.email, user.password);
    const drops = await productBySku(t, 'OTC-EYE-DROPS');
    const cart = () => call(t.url, 'GET', '/api/user/Cart/GetItemsInCart', { token });
    const add = async (qty: number) => {
      const answer = await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
        token,
        json: { productId: drops.id, qty, storefrontId: 132 },
      });
      expect(answer.status).toBe(200);
      return quantityOf(answer.body.Data);
    };
    const quantityOf = (data: { items: { qty: number }[] }) =>
      data.items.reduce((sum, item) => sum + item.qty, 0);
    const quantity = async () => {
      const answer = await cart();
      expect(answer.status).toBe(200);
      return quantityOf(answer.body.Data);
    };
    const first = await add(1);
    expect(await quantity()).toBe(first);
    expect(await quantity()).toBe(first);
    const second = await add(3);
    expect(second).not.toBe(first);
    expect(await quantity()).toBe(second);
    const signOut = await call(t.url, 'POST', '/api/auth/LogoutSfrw', { token });
    expect(signOut.status).toBe(200);
    expect((await cart()).status).toBe(401);
  });
});
