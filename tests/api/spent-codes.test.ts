import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPasscodes, passwordResets, registrationCodes } from '../../server/db/schema/identity';
import { deleteSpentCodes } from '../../server/modules/auth/spent-codes';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser } from './helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

describe('spent codes', () => {
  it('deletes passcodes, registration codes and reset links a day after they expired, and keeps the rest', async () => {
    const { db } = t.database;
    const user = await createUser(t);
    const email = `spent-${user.id}@example.test`;
    await db.insert(loginPasscodes).values([
      { userId: user.id, codeHash: 'old', channels: 'email', expiresAt: hoursAgo(25) },
      { userId: user.id, codeHash: 'recent', channels: 'email', expiresAt: hoursAgo(23) },
    ]);
    await db.insert(registrationCodes).values([
      { email, codeHash: 'old', expiresAt: hoursAgo(25) },
      { email, codeHash: 'live', expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await db.insert(passwordResets).values([
      { userId: user.id, tokenHash: `old-${user.id}`, expiresAt: hoursAgo(30) },
      { userId: user.id, tokenHash: `live-${user.id}`, expiresAt: hoursAgo(-1) },
    ]);

    expect(await deleteSpentCodes(db)).toBeGreaterThanOrEqual(3);

    const passcodes = await db
      .select({ codeHash: loginPasscodes.codeHash })
      .from(loginPasscodes)
      .where(eq(loginPasscodes.userId, user.id));
    expect(passcodes.map((row) => row.codeHash)).toEqual(['recent']);
    const codes = await db
      .select({ codeHash: registrationCodes.codeHash })
      .from(registrationCodes)
      .where(eq(registrationCodes.email, email));
    expect(codes.map((row) => row.codeHash)).toEqual(['live']);
    const resets = await db
      .select({ tokenHash: passwordResets.tokenHash })
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(resets.map((row) => row.tokenHash)).toEqual([`live-${user.id}`]);
  });
});
