import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/** Pharmacies: seeded from real US zip codes, or created by a patient (isPatientCreated). */
export const pharmacies = pgTable(
  'pharmacies',
  {
    id: serial('id').primaryKey(),
    npi: text('npi'),
    pharmacyName: text('pharmacy_name').notNull(),
    fax: text('fax'),
    phone: text('phone'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isPatientCreated: boolean('is_patient_created').notNull().default(false),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    /** The storefront's own mail-order pharmacy, offered by acceptinternal. */
    isInternal: boolean('is_internal').notNull().default(false),
  },
  (t) => [
    index('pharmacies_zip_idx').on(t.zip),
    index('pharmacies_city_idx').on(sql`lower(${t.city})`),
    index('pharmacies_name_idx').on(sql`lower(${t.pharmacyName})`),
  ],
);

/** Doctors licensed in some states, each working in a time zone. */
export const doctors = pgTable('doctors', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  credentials: text('credentials').notNull(),
  specialty: text('specialty').notNull(),
  bio: text('bio').notNull(),
  photo: text('photo'),
  timeZone: text('time_zone').notNull(),
  licensedStates: jsonb('licensed_states').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
  /** The National Provider Identifier printed on prescriptions and lab requisitions. */
  npi: text('npi'),
  /** The staff account (role `doctor`) this clinician signs in to the console with. */
  userId: uuid('user_id')
    .unique('doctors_user_id_unique')
    .references(() => users.id),
});

/**
 * A doctor's bookable time. A slot is held for one order while its checkout goes on (held
 * until heldUntil) and booked when the order is paid; the partial unique index on bookings and
 * row locks on holds make sure two orders never get the same slot.
 */
export const doctorSlots = pgTable(
  'doctor_slots',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    heldByOrderId: uuid('held_by_order_id'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    bookedByOrderId: uuid('booked_by_order_id'),
  },
  (t) => [
    uniqueIndex('doctor_slots_unique').on(t.doctorId, t.startsAt),
    index('doctor_slots_open_idx').on(t.doctorId, t.startsAt),
    uniqueIndex('doctor_slots_booked_unique')
      .on(t.bookedByOrderId)
      .where(sql`${t.bookedByOrderId} is not null`),
  ],
);

/** Carriers and their methods, with a flat fee per order. */
export const shippingMethods = pgTable('shipping_methods', {
  id: serial('id').primaryKey(),
  carrier: text('carrier').notNull(),
  name: text('name').notNull(),
  feeCents: integer('fee_cents').notNull(),
  minDays: integer('min_days').notNull(),
  maxDays: integer('max_days').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});
