import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../client';
import { pharmacies } from '../schema/care-network';
import { generatePharmacies } from './pharmacy-data';

/** Idempotent: seeded once, recognised by the internal pharmacy, which is seeded with them. */
export async function seedPharmacies(db: DbOrTx, _config: AppConfig) {
  const existing = await db
    .select({ id: pharmacies.id })
    .from(pharmacies)
    .where(eq(pharmacies.isInternal, true))
    .limit(1);
  if (existing.length > 0) return;
  // faker is only loaded when there is something to generate (a fresh database).
  const { faker } = await import('@faker-js/faker/locale/en');
  const rows = generatePharmacies(faker);
  for (let i = 0; i < rows.length; i += 100) {
    await db.insert(pharmacies).values(rows.slice(i, i + 100));
  }
}
