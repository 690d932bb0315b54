import { and, desc, eq, isNull } from 'drizzle-orm';
import type { SavedAddressData } from '../../../shared/contracts/shipping';
import type { DbOrTx } from '../../db/client';
import { type AddressSnapshot, addresses } from '../../db/schema/orders';

export type AddressRow = typeof addresses.$inferSelect;

/** A user's saved addresses, most recently used first; removed ones are left out. */
export function addressesOf(db: DbOrTx, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), isNull(addresses.removedAt)))
    .orderBy(desc(addresses.lastUsedAt), desc(addresses.createdAt), desc(addresses.id));
}

/** One saved address that is not removed, or null. */
export async function findAddress(
  db: DbOrTx,
  addressId: string,
  options: { forUpdate?: boolean } = {},
): Promise<AddressRow | null> {
  const query = db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), isNull(addresses.removedAt)))
    .limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** The same address as a user already saved (so adding it again does not make a copy). */
export async function findSameAddress(
  db: DbOrTx,
  userId: string,
  snapshot: AddressSnapshot,
): Promise<AddressRow | null> {
  const rows = await addressesOf(db, userId);
  return rows.find((row) => sameAddress(snapshotOf(row), snapshot)) ?? null;
}

function sameAddress(a: AddressSnapshot, b: AddressSnapshot): boolean {
  return (
    a.fullName === b.fullName &&
    a.line1 === b.line1 &&
    a.line2 === b.line2 &&
    a.city.toLowerCase() === b.city.toLowerCase() &&
    a.state === b.state &&
    a.zip === b.zip &&
    a.phone === b.phone
  );
}

export function snapshotOf(row: AddressRow): AddressSnapshot {
  return {
    fullName: row.fullName,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
  };
}

export function savedAddressView(row: AddressRow): SavedAddressData {
  return {
    ...snapshotOf(row),
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    isDefault: row.isDefault,
  };
}
