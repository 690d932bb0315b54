import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AutoRefillData } from '../../../shared/contracts/auto-refill';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { addresses, autoRefills, cards, orders } from '../../db/schema/orders';

/** Refills as their owner reads them, newest first, with product, card and where they ship. */
export async function refillViews(db: DbOrTx, where: SQL | undefined): Promise<AutoRefillData[]> {
  const rows = await db
    .select({
      refill: autoRefills,
      displayName: products.displayName,
      thumbnail: products.thumbnail,
      sourceOrderNumber: orders.orderNumber,
      storefrontId: orders.storefrontId,
      orderAddressId: orders.shippingAddressId,
      orderAddress: orders.shippingAddress,
      card: { cardId: cards.id, brand: cards.brand, last4: cards.last4 },
      address: addresses,
    })
    .from(autoRefills)
    .innerJoin(products, eq(products.id, autoRefills.productId))
    .innerJoin(orders, eq(orders.id, autoRefills.sourceOrderId))
    .leftJoin(cards, eq(cards.id, autoRefills.cardId))
    .leftJoin(addresses, eq(addresses.id, autoRefills.addressId))
    .where(where)
    .orderBy(desc(autoRefills.createdAt), desc(autoRefills.id))
    .limit(200);
  return rows.map((row) => {
    const r = row.refill;
    const address = row.address;
    const shipTo = address
      ? {
          id: address.id,
          fullName: address.fullName,
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          state: address.state,
          zip: address.zip,
          phone: address.phone,
        }
      : row.orderAddress
        ? { id: row.orderAddressId, ...row.orderAddress }
        : null;
    return {
      autoRefillId: r.id,
      sourceOrderId: r.sourceOrderId,
      sourceOrderNumber: row.sourceOrderNumber,
      storefrontId: row.storefrontId,
      productId: r.productId,
      displayName: row.displayName,
      thumbnail: row.thumbnail,
      qty: r.qty,
      intervalDays: r.intervalDays,
      active: r.active,
      pausedAt: r.pausedAt?.toISOString() ?? null,
      nextRunAt: r.nextRunAt.toISOString(),
      lastRunAt: r.lastRunAt?.toISOString() ?? null,
      lastResult: r.lastResult,
      card: row.card?.cardId ? row.card : null,
      addressId: r.addressId,
      shipTo,
      shippingMethodId: r.shippingMethodId,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export async function refillView(db: DbOrTx, autoRefillId: string): Promise<AutoRefillData> {
  const [view] = await refillViews(db, eq(autoRefills.id, autoRefillId));
  if (!view) throw new Error(`auto-refill ${autoRefillId} vanished`);
  return view;
}

/** A user's refills: all of them, or only the active ones, optionally of one storefront. */
export function refillsOf(
  db: DbOrTx,
  userId: string,
  filter: { activeOnly?: boolean; storefrontId?: number } = {},
): Promise<AutoRefillData[]> {
  const conditions = [eq(autoRefills.userId, userId)];
  if (filter.activeOnly) conditions.push(eq(autoRefills.active, true));
  if (filter.storefrontId !== undefined)
    conditions.push(eq(orders.storefrontId, filter.storefrontId));
  return refillViews(db, and(...conditions));
}
