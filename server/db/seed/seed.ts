import { eq, sql } from 'drizzle-orm';
import usStateNames from 'zipcodes/lib/states.js';
import { usStateCodes } from '../../../shared/contracts/catalog';
import type { AppConfig } from '../../config';
import { hashPassword } from '../../lib/passwords';
import type { Database } from '../client';
import { doctors } from '../schema/care-network';
import { users } from '../schema/identity';
import { consents, storefronts, usStates } from '../schema/platform';
import { domainSeeders } from './domain-seeders';
import { demoAccounts, demoDoctorId, seedConsents, seedStorefront } from './storefront-data';

/** Any fixed number: the advisory lock that serialises seeding. */
const seedLockKey = 132_001;

export interface SeedResult {
  demoAccounts: { role: string; email: string; password: string }[];
}

/** "DISTRICT OF COLUMBIA" → "District of Columbia". */
function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/\b\w/g, (c) => c.toUpperCase())
    .replace(/ Of /g, ' of ');
}

/** Idempotent: run at every start; inserts only what is missing. */
export async function seedDatabase(database: Database, config: AppConfig): Promise<SeedResult> {
  const { db } = database;
  await db.transaction(async (tx) => {
    // Two processes starting on a fresh database seed one after the other, never together.
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    await tx
      .insert(storefronts)
      .values({ ...seedStorefront, id: config.storefrontId })
      .onConflictDoNothing();
    await tx
      .insert(consents)
      .values(seedConsents.map((c) => ({ ...c, storefrontId: config.storefrontId })))
      .onConflictDoNothing();
    await tx
      .insert(usStates)
      .values(
        Object.entries(usStateNames.full)
          .filter(([, code]) => usStateCodes.includes(code))
          .map(([name, code]) => ({ code, name: titleCase(name) })),
      )
      .onConflictDoNothing();
    for (const seed of domainSeeders) await seed(tx, config);
  });

  if (!config.seedDemoAccounts) return { demoAccounts: [] };
  for (const account of demoAccounts) {
    const existing = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${account.email}`)
      .limit(1);
    if (existing.length > 0) continue;
    await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash: await hashPassword(account.password),
        firstName: account.firstName,
        lastName: account.lastName,
        phone: account.phone,
        role: account.role,
        ...('practiceName' in account
          ? { practiceName: account.practiceName, npi: account.npi }
          : {}),
        storefrontId: config.storefrontId,
        signupSource: 'seed',
        passwordUpdatedAt: new Date(),
      })
      .onConflictDoNothing();
  }
  await linkDemoDoctor(db);
  return {
    demoAccounts: demoAccounts.map(({ role, email, password }) => ({ role, email, password })),
  };
}

/** The demo doctor account signs in as seeded doctor `demoDoctorId`, under that doctor's name. */
async function linkDemoDoctor(db: Database['db']) {
  const account = demoAccounts.find((a) => a.role === 'doctor');
  if (!account) return;
  const [doctor] = await db.select().from(doctors).where(eq(doctors.id, demoDoctorId)).limit(1);
  if (!doctor || doctor.userId) return;
  const [user] = await db
    .update(users)
    .set({ firstName: doctor.firstName, lastName: doctor.lastName })
    .where(sql`lower(${users.email}) = ${account.email}`)
    .returning({ id: users.id });
  if (user) await db.update(doctors).set({ userId: user.id }).where(eq(doctors.id, doctor.id));
}
