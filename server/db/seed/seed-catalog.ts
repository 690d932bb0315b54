import type { AppConfig } from '../../config';
import type { DbOrTx } from '../client';
import { medications, products } from '../schema/catalog';
import { seedMedications, seedProducts } from './catalog-data';

export async function seedCatalog(db: DbOrTx, config: AppConfig) {
  await db
    .insert(products)
    .values(seedProducts.map((p) => ({ ...p, storefrontId: config.storefrontId })))
    .onConflictDoNothing();
  await db
    .insert(medications)
    .values(seedMedications.map((name) => ({ name })))
    .onConflictDoNothing();
}
