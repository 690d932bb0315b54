import { and, asc, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { createReadThroughCache } from '../../lib/read-through-cache';

export type Product = typeof products.$inferSelect;

/** The catalog is read on every cart call: cached per database and storefront (DESIGN §7). */
const cache = createReadThroughCache<number, Map<number, Product>>({
  maxAgeMs: 60_000,
  load: async (db, storefrontId) => {
    const rows = await db
      .select()
      .from(products)
      .where(and(eq(products.storefrontId, storefrontId), eq(products.active, true)))
      .orderBy(asc(products.sortOrder), asc(products.id));
    return new Map(rows.map((row) => [row.id, row]));
  },
});

/** Active products of a storefront, by id, in catalog order. Pass the transaction if in one. */
export function storefrontProducts(
  database: Database,
  storefrontId: number,
  db?: DbOrTx,
): Promise<Map<number, Product>> {
  return cache.get(database, storefrontId, db);
}

/** Call after any change to a storefront's products. */
export function invalidateProducts(storefrontId: number): void {
  cache.invalidate(storefrontId);
}
