import { and, asc, eq } from 'drizzle-orm';
import type { ShippingMethodData } from '../../../shared/contracts/shipping';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { shippingMethods } from '../../db/schema/care-network';

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;

export function activeMethods(db: DbOrTx): Promise<ShippingMethodRow[]> {
  return db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));
}

/** An active method, or 404: an unknown or retired method cannot be chosen. */
export async function activeMethodOrFail(db: DbOrTx, id: number): Promise<ShippingMethodRow> {
  const [row] = await db
    .select()
    .from(shippingMethods)
    .where(and(eq(shippingMethods.id, id), eq(shippingMethods.active, true)))
    .limit(1);
  if (!row) throw fail.notFound(messages.shippingMethodNotFound);
  return row;
}

export function methodView(row: ShippingMethodRow): ShippingMethodData {
  return {
    id: row.id,
    carrier: row.carrier,
    name: row.name,
    fee: row.feeCents / 100,
    feeCents: row.feeCents,
    minDays: row.minDays,
    maxDays: row.maxDays,
  };
}
