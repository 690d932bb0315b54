import { eq } from 'drizzle-orm';
import { products } from '../../../server/db/schema/catalog';
import type { AppUnderTest } from './test-app';

/** A seeded product by its SKU (ids are not fixed across databases). */
export async function productBySku(t: AppUnderTest, sku: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.sku, sku));
  if (!row) throw new Error(`no product ${sku}`);
  return row;
}
