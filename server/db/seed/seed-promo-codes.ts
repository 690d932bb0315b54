import { inArray } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../client';
import { products } from '../schema/catalog';
import { promoCodes } from '../schema/orders';

/** Demo promo codes: a percentage, a fixed amount with a minimum, a product-limited one,
 * one that has ended, one not started, and one with a single use. Development mode only. */
export async function seedPromoCodes(db: DbOrTx, config: AppConfig) {
  if (!config.devMode) return;
  const eyeProducts = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.sku, ['RX-LATANOPROST', 'OTC-EYE-DROPS']));
  const year = 365 * 24 * 60 * 60 * 1000;
  await db
    .insert(promoCodes)
    .values(
      [
        { code: 'WELCOME10', kind: 'percent' as const, value: 1000 },
        { code: 'SAVE5', kind: 'fixed' as const, value: 500, minOrderCents: 2500 },
        {
          code: 'EYECARE15',
          kind: 'percent' as const,
          value: 1500,
          productIds: eyeProducts.map((p) => p.id),
        },
        {
          code: 'SUMMER20',
          kind: 'percent' as const,
          value: 2000,
          endsAt: new Date('2025-09-01T00:00:00Z'),
        },
        {
          code: 'NEXTYEAR',
          kind: 'percent' as const,
          value: 2000,
          startsAt: new Date(Date.UTC(2100, 0, 1)),
        },
        { code: 'ONCE50', kind: 'fixed' as const, value: 5000, maxUses: 1, minOrderCents: 5000 },
      ].map((p) => ({
        ...p,
        storefrontId: config.storefrontId,
        startsAt: p.startsAt ?? new Date(Date.now() - year),
      })),
    )
    .onConflictDoNothing();
}
