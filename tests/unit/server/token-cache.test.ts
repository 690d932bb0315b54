import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../../server/db/client';
import {
  forgetVerifiedTokens,
  listenForRevocations,
  verifyToken,
} from '../../../server/modules/auth/token-service';

/** A token row as the database would answer it, and a database whose read waits for a gate. */
function fakeTokenStore() {
  const row = {
    id: 'token-1',
    kind: 'user',
    userId: 'user-1',
    lastSeenAt: new Date(),
    idle: 3600,
    expiresAt: new Date(Date.now() + 3_600_000),
    revokedAt: null as Date | null,
    role: 'patient',
    email: 'p@example.test',
    disabledAt: null,
  };
  let gate: Promise<void> = Promise.resolve();
  let reads = 0;
  const db = {
    // What a statement built once per database is kept by (server/db/prepared.ts).
    dialect: {},
    session: {},
    select: () => ({
      from: () => ({
        leftJoin: () => ({
          where: () => ({
            limit: () => ({
              prepare: () => ({
                execute: async () => {
                  reads += 1;
                  const seen = { ...row }; // the row as it was when the read ran
                  await gate;
                  return [seen];
                },
              }),
            }),
          }),
        }),
      }),
    }),
  } as unknown as Db;
  return {
    db,
    row,
    reads: () => reads,
    hold() {
      let release: () => void = () => undefined;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

let stop: () => Promise<void>;
beforeAll(async () => {
  // A listener that hears announcements: reads may remember verified tokens.
  const database = {
    subscribe: async (_channel: string, handlers: { up: () => void }) => {
      handlers.up();
      return async () => undefined;
    },
  } as unknown as Database;
  stop = await listenForRevocations(database);
});
afterAll(async () => {
  await stop();
});

const token = 'a-bearer-token-long-enough-0001';

describe('remembered tokens', () => {
  it('a read under way when a revocation is heard remembers nothing', async () => {
    forgetVerifiedTokens();
    const store = fakeTokenStore();
    const release = store.hold();
    const reading = verifyToken(store.db, token, false, { fresh: false });
    // The revoking transaction commits and its NOTIFY is heard while the read is on its way.
    store.row.revokedAt = new Date();
    forgetVerifiedTokens();
    release();
    expect(await reading).not.toBeNull(); // what the read saw, from before the commit
    // The next read asks the database again, and the token is revoked there.
    expect(await verifyToken(store.db, `${token}`, false, { fresh: false })).toBeNull();
    expect(store.reads()).toBe(2);
  });

  it('is remembered otherwise, for reads, until a revocation is heard', async () => {
    forgetVerifiedTokens();
    const store = fakeTokenStore();
    expect(await verifyToken(store.db, token, false, { fresh: false })).not.toBeNull();
    expect(await verifyToken(store.db, token, false, { fresh: false })).not.toBeNull();
    expect(store.reads()).toBe(1);
    store.row.revokedAt = new Date();
    forgetVerifiedTokens();
    expect(await verifyToken(store.db, token, false, { fresh: false })).toBeNull();
  });
});
