import { count } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../client';
import { shippingMethods } from '../schema/care-network';

/** Carriers and methods with a flat fee per order, cheapest first. */
export const seedShippingMethods = [
  { carrier: 'USPS', name: 'USPS First-Class Package', feeCents: 500, minDays: 3, maxDays: 5 },
  { carrier: 'USPS', name: 'USPS Priority Mail', feeCents: 900, minDays: 2, maxDays: 3 },
  { carrier: 'UPS', name: 'UPS 2nd Day Air', feeCents: 1800, minDays: 2, maxDays: 2 },
  { carrier: 'FedEx', name: 'FedEx Standard Overnight', feeCents: 3200, minDays: 1, maxDays: 1 },
];

/** Idempotent: the methods have no natural key, so they are inserted only into an empty table. */
export async function seedShipping(db: DbOrTx, _config: AppConfig) {
  const [row] = await db.select({ n: count() }).from(shippingMethods);
  if ((row?.n ?? 0) > 0) return;
  await db
    .insert(shippingMethods)
    .values(seedShippingMethods.map((method, index) => ({ ...method, sortOrder: index + 1 })));
}
