import { z } from 'zod';
import {
  addressLine1,
  city,
  npi,
  optionalPhoneNumber,
  pharmacyName,
  pharmacySearch,
  stateCode,
  zipCode,
} from '../validation/address-rules';
import { pharmacyData } from './orders';
import { DEFAULT_PHARMACY_RADIUS_MILES, MAX_PHARMACY_RADIUS_MILES } from './pharmacy-limits';

const optionalOrderId = z.string().uuid().optional();
const pharmacyId = z.number().int().positive().max(2_147_483_647);

/** A pharmacy (spec §3) with where it is, and how far when a zip was given. */
export const pharmacyListItem = pharmacyData.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Miles from the zip given, rounded to a tenth; null when none was given. */
  distanceMiles: z.number().nullable(),
});
export type PharmacyListItem = z.infer<typeof pharmacyListItem>;

/** GET Order/GetPharmacyList?search=...[&zip=...]: by name, city, or zip (exact or prefix). */
export const pharmacyListQuery = z.object({ search: pharmacySearch, zip: zipCode.optional() });
export const pharmacyListData = z.array(pharmacyListItem);

/**
 * GET Order/GetPharmaciesMap?zip=...[&radiusMiles=25] and v1/guestorders/current/getpharmacymap:
 * without a zip, the zip of the order's shipping address.
 */
export const pharmacyMapQuery = z.object({
  zip: zipCode.optional(),
  radiusMiles: z.coerce
    .number()
    .min(1)
    .max(MAX_PHARMACY_RADIUS_MILES)
    .default(DEFAULT_PHARMACY_RADIUS_MILES),
});

export const pharmacyMapData = z.object({
  zip: z.string(),
  /** The centre of the map: the zip code's coordinates. */
  latitude: z.number(),
  longitude: z.number(),
  radiusMiles: z.number(),
  /** Nearest first. */
  pharmacies: z.array(
    pharmacyListItem.extend({
      latitude: z.number(),
      longitude: z.number(),
      distanceMiles: z.number(),
    }),
  ),
});
export type PharmacyMapData = z.infer<typeof pharmacyMapData>;

/** A pharmacy the patient enters by hand (isPatientCreated). */
export const newPharmacyFields = {
  pharmacyName,
  address: addressLine1,
  city,
  state: stateCode,
  zip: zipCode,
  phone: optionalPhoneNumber,
  fax: optionalPhoneNumber,
  npi: npi.nullable().optional(),
};
export const newPharmacyInput = z.object(newPharmacyFields).strict();
export type NewPharmacyInput = z.output<typeof newPharmacyInput>;

/** POST Order/AddPatientPharmacyToOrder. */
export const addPatientPharmacyRequest = z
  .object({ orderId: optionalOrderId, ...newPharmacyFields })
  .strict();

/** POST Order/SelectPharmacy: one of the listed pharmacies. */
export const selectPharmacyRequest = z.object({ orderId: optionalOrderId, pharmacyId }).strict();

/** POST Order/AcceptInternalPharmacy: the storefront's own mail-order pharmacy. */
export const acceptInternalPharmacyRequest = z.object({ orderId: optionalOrderId }).strict();

/** PATCH v1/guestorders/current/pharmacy: a listed pharmacy, or a new one entered by the guest. */
export const guestPharmacyRequest = z
  .object({ pharmacyId: pharmacyId.optional(), pharmacy: newPharmacyInput.optional() })
  .strict()
  .refine((body) => (body.pharmacyId === undefined) !== (body.pharmacy === undefined), {
    message: 'Send either pharmacyId or pharmacy.',
  });

/** POST v1/guestorders/current/pharmacy/acceptinternal: no fields. */
export const guestAcceptInternalRequest = z.object({}).strict();
