import { eq } from 'drizzle-orm';
import { StageBit } from '../../../shared/checkout/stage-bits';
import type { NewPharmacyInput, PharmacyMapData } from '../../../shared/contracts/pharmacy';
import { MAX_PHARMACY_RESULTS } from '../../../shared/contracts/pharmacy-limits';
import { fail } from '../../../shared/errors/app-error';
import { messages, validationMessages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { pharmacies } from '../../db/schema/care-network';
import { orders } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import { lookupUsZip, roundMiles, type UsZip } from '../../lib/geo';
import type { Principal } from '../auth/principal';
import { cachedStorefrontSettings } from '../config/storefront-cache';
import { priceOrder } from '../orders/order-pricing';
import type { OrderRow } from '../orders/order-queries';
import { markStageComplete } from '../orders/order-stages';
import { orderView } from '../orders/order-view';
import { stateNameOrFail } from '../shipping/shippable-states';
import { lockTargetOrder, readTargetOrder } from '../shipping/target-order';
import {
  findPharmacy,
  internalPharmacy,
  listItem,
  type PharmacyRow,
  pharmaciesNear,
  searchPharmacies,
} from './pharmacy-queries';

/** Lists sorted by distance look at this many matches before keeping the nearest. */
const DISTANCE_SORT_POOL = 1000;

function knownZipOrFail(zip: string): UsZip {
  const found = lookupUsZip(zip);
  if (!found) throw fail.badRequest(messages.unknownZip, { zip: 'zipCodeError' });
  return found;
}

/** GetPharmacyList: by name, city or zip; with distances (nearest first) when a zip is known. */
export async function pharmacyList(
  deps: AppDeps,
  principal: Principal,
  input: { search: string; zip?: string | undefined },
) {
  const db = deps.database.db;
  const from = input.zip
    ? knownZipOrFail(input.zip)
    : /^[0-9]{5}(-[0-9]{4})?$/.test(input.search)
      ? lookupUsZip(input.search)
      : null;
  if (!from) {
    const rows = await searchPharmacies(db, principal, input.search, MAX_PHARMACY_RESULTS);
    return rows.map((row) => listItem(row, null));
  }
  const rows = await searchPharmacies(db, principal, input.search, DISTANCE_SORT_POOL);
  return rows
    .map((row) => listItem(row, from))
    .sort(
      (a, b) =>
        (a.distanceMiles ?? Number.POSITIVE_INFINITY) -
          (b.distanceMiles ?? Number.POSITIVE_INFINITY) || a.id - b.id,
    )
    .slice(0, MAX_PHARMACY_RESULTS);
}

/**
 * GetPharmaciesMap and the guest getpharmacymap: pharmacies near a zip, nearest first, with
 * coordinates. Without a zip, the zip of the caller's order's shipping address.
 */
export async function pharmacyMap(
  deps: AppDeps,
  principal: Principal,
  input: { zip?: string | undefined; radiusMiles: number },
): Promise<PharmacyMapData> {
  const db = deps.database.db;
  const zip = input.zip ?? (await readTargetOrder(db, principal, undefined))?.shippingAddress?.zip;
  if (!zip) throw fail.badRequest(validationMessages.zipCodeError, { zip: 'zipCodeError' });
  const centre = knownZipOrFail(zip);
  const near = await pharmaciesNear(db, principal, centre, input.radiusMiles, MAX_PHARMACY_RESULTS);
  return {
    zip: centre.zip,
    latitude: centre.latitude,
    longitude: centre.longitude,
    radiusMiles: input.radiusMiles,
    pharmacies: near.map(({ row, miles }) => ({
      ...listItem(row, null),
      latitude: row.latitude ?? centre.latitude,
      longitude: row.longitude ?? centre.longitude,
      distanceMiles: roundMiles(miles),
    })),
  };
}

/** With PharmacyChoice off, the storefront fills every prescription through its own pharmacy. */
async function assertChoiceAllows(deps: AppDeps, tx: DbOrTx, order: OrderRow, isInternal: boolean) {
  if (isInternal) return;
  const settings = await cachedStorefrontSettings(deps.database, order.storefrontId, tx);
  if (!settings?.applicationSettings.PharmacyChoice) {
    throw fail.badRequest(messages.internalPharmacyOnly);
  }
}

/** Puts the pharmacy on the locked order and completes the Pharmacy stage; answers the order. */
async function choosePharmacy(deps: AppDeps, tx: DbOrTx, order: OrderRow, pharmacy: PharmacyRow) {
  const [updated] = await tx
    .update(orders)
    .set({ pharmacyId: pharmacy.id, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error('order vanished while locked');
  await markStageComplete(tx, order.id, StageBit.Pharmacy);
  return orderView(deps, tx, await priceOrder(deps, tx, updated));
}

/** A pharmacy entered by hand: kept as the order's user's own (isPatientCreated). */
async function createPatientPharmacy(
  deps: AppDeps,
  tx: DbOrTx,
  order: OrderRow,
  input: NewPharmacyInput,
) {
  await assertChoiceAllows(deps, tx, order, false);
  await stateNameOrFail(tx, input.state);
  const place = lookupUsZip(input.zip);
  const [row] = await tx
    .insert(pharmacies)
    .values({
      pharmacyName: input.pharmacyName,
      address: input.address,
      city: input.city,
      state: input.state,
      zip: input.zip,
      phone: input.phone ?? null,
      fax: input.fax ?? null,
      npi: input.npi ?? null,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      isPatientCreated: true,
      createdByUserId: order.userId,
      isInternal: false,
    })
    .returning();
  if (!row) throw new Error('pharmacy not stored');
  return choosePharmacy(deps, tx, order, row);
}

/** A listed pharmacy, the order's user's own, or the one already on the order; else 404. */
async function selectExisting(deps: AppDeps, tx: DbOrTx, order: OrderRow, pharmacyId: number) {
  const pharmacy = await findPharmacy(tx, pharmacyId);
  const selectable =
    pharmacy &&
    (!pharmacy.isPatientCreated ||
      (order.userId !== null && pharmacy.createdByUserId === order.userId) ||
      pharmacy.id === order.pharmacyId);
  if (!pharmacy || !selectable) throw fail.notFound(messages.pharmacyNotFound);
  await assertChoiceAllows(deps, tx, order, pharmacy.isInternal);
  return choosePharmacy(deps, tx, order, pharmacy);
}

async function acceptInternal(deps: AppDeps, tx: DbOrTx, order: OrderRow) {
  const pharmacy = await internalPharmacy(tx);
  if (!pharmacy) throw fail.notFound(messages.pharmacyNotFound);
  return choosePharmacy(deps, tx, order, pharmacy);
}

export function addPatientPharmacyToOrder(
  deps: AppDeps,
  principal: Principal,
  input: NewPharmacyInput & { orderId?: string | undefined },
) {
  const { orderId, ...pharmacy } = input;
  return deps.database.db.transaction(async (tx) =>
    createPatientPharmacy(deps, tx, await lockTargetOrder(tx, principal, orderId), pharmacy),
  );
}

export function selectPharmacy(
  deps: AppDeps,
  principal: Principal,
  input: { orderId?: string | undefined; pharmacyId: number },
) {
  return deps.database.db.transaction(async (tx) =>
    selectExisting(deps, tx, await lockTargetOrder(tx, principal, input.orderId), input.pharmacyId),
  );
}

export function acceptInternalPharmacy(
  deps: AppDeps,
  principal: Principal,
  orderId: string | undefined,
) {
  return deps.database.db.transaction(async (tx) =>
    acceptInternal(deps, tx, await lockTargetOrder(tx, principal, orderId)),
  );
}

/** PATCH v1/guestorders/current/pharmacy: a listed pharmacy, or one the guest enters. */
export function guestPharmacy(
  deps: AppDeps,
  principal: Principal,
  input: { pharmacyId?: number | undefined; pharmacy?: NewPharmacyInput | undefined },
) {
  return deps.database.db.transaction(async (tx) => {
    const order = await lockTargetOrder(tx, principal, undefined);
    if (input.pharmacy) return createPatientPharmacy(deps, tx, order, input.pharmacy);
    if (input.pharmacyId === undefined) throw fail.badRequest();
    return selectExisting(deps, tx, order, input.pharmacyId);
  });
}
