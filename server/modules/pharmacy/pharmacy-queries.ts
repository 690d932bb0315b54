import { and, asc, eq, gte, ilike, isNotNull, like, lte, or, type SQL } from 'drizzle-orm';
import type { PharmacyListItem } from '../../../shared/contracts/pharmacy';
import type { DbOrTx } from '../../db/client';
import { pharmacies } from '../../db/schema/care-network';
import { boundingBox, distanceMiles, type GeoPoint, roundMiles } from '../../lib/geo';
import type { Principal } from '../auth/principal';
import { pharmacyView } from '../orders/order-view';

export type PharmacyRow = typeof pharmacies.$inferSelect;

/**
 * Pharmacies a caller may find: every listed (seeded) pharmacy, and the ones this user entered
 * themselves; a pharmacy another patient typed in stays theirs. The storefront's own mail-order
 * pharmacy is not a place to go to: it is offered by "accept internal pharmacy" instead.
 */
function findable(principal: Principal): SQL {
  const listed = eq(pharmacies.isPatientCreated, false);
  const own =
    principal.kind === 'user'
      ? or(listed, eq(pharmacies.createdByUserId, principal.userId))
      : listed;
  return and(own, eq(pharmacies.isInternal, false)) as SQL;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function listItem(row: PharmacyRow, from: GeoPoint | null): PharmacyListItem {
  const at =
    row.latitude !== null && row.longitude !== null
      ? { latitude: row.latitude, longitude: row.longitude }
      : null;
  return {
    ...pharmacyView(row),
    latitude: row.latitude,
    longitude: row.longitude,
    distanceMiles: from && at ? roundMiles(distanceMiles(from, at)) : null,
  };
}

/** By zip (digits: a prefix, so a full zip is exact), else by name or city, case-insensitive. */
export function searchPharmacies(
  db: DbOrTx,
  principal: Principal,
  search: string,
  limit: number,
): Promise<PharmacyRow[]> {
  const zipPrefix = /^[0-9]{2,5}(-[0-9]{4})?$/.test(search) ? search.slice(0, 5) : null;
  const pattern = `%${escapeLike(search)}%`;
  const match = zipPrefix
    ? like(pharmacies.zip, `${zipPrefix}%`)
    : or(ilike(pharmacies.pharmacyName, pattern), ilike(pharmacies.city, pattern));
  return db
    .select()
    .from(pharmacies)
    .where(and(findable(principal), match))
    .orderBy(asc(pharmacies.pharmacyName), asc(pharmacies.id))
    .limit(limit);
}

/** Findable pharmacies within `miles` of a point, nearest first. */
export async function pharmaciesNear(
  db: DbOrTx,
  principal: Principal,
  centre: GeoPoint,
  miles: number,
  limit: number,
) {
  const box = boundingBox(centre, miles);
  const rows = await db
    .select()
    .from(pharmacies)
    .where(
      and(
        findable(principal),
        isNotNull(pharmacies.latitude),
        isNotNull(pharmacies.longitude),
        gte(pharmacies.latitude, box.minLatitude),
        lte(pharmacies.latitude, box.maxLatitude),
        gte(pharmacies.longitude, box.minLongitude),
        lte(pharmacies.longitude, box.maxLongitude),
      ),
    );
  return rows
    .map((row) => ({
      row,
      miles: distanceMiles(centre, { latitude: row.latitude ?? 0, longitude: row.longitude ?? 0 }),
    }))
    .filter((r) => r.miles <= miles)
    .sort((a, b) => a.miles - b.miles || a.row.id - b.row.id)
    .slice(0, limit);
}

export async function findPharmacy(db: DbOrTx, id: number): Promise<PharmacyRow | null> {
  const [row] = await db.select().from(pharmacies).where(eq(pharmacies.id, id)).limit(1);
  return row ?? null;
}

/** The storefront's own mail-order pharmacy. */
export async function internalPharmacy(db: DbOrTx): Promise<PharmacyRow | null> {
  const [row] = await db
    .select()
    .from(pharmacies)
    .where(eq(pharmacies.isInternal, true))
    .orderBy(asc(pharmacies.id))
    .limit(1);
  return row ?? null;
}
