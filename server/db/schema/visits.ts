import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  type VisitOutcomeValue,
  type VisitStatusValue,
  visitOutcomeValues,
  visitStatusValues,
} from '../../../shared/contracts/visits';
import { orders } from './orders';

/**
 * A visit's life (issue 12): scheduled → waiting (the patient is in the waiting room) →
 * in-progress (the doctor started it) → ended; or missed (nobody started it in time), or
 * cancelled with its order. A reschedule puts it back to scheduled. The allowed moves are
 * written in server/modules/visits/visit-status.ts.
 */
export {
  type VisitOutcomeValue as VisitOutcome,
  type VisitStatusValue as VisitStatus,
  visitOutcomeValues as visitOutcomes,
  visitStatusValues as visitStatuses,
};

/**
 * One visit per paid consult order with a booked time. The time itself is the order's slot
 * (doctor_slots, UTC), so a reschedule moves it in one place.
 */
export const visits = pgTable(
  'visits',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: visitStatusValues }).notNull().default('scheduled'),
    outcome: text('outcome', { enum: visitOutcomeValues }),
    /** The doctor's notes, written during the visit. */
    notes: text('notes').notNull().default(''),
    patientJoinedAt: timestamp('patient_joined_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    missedAt: timestamp('missed_at', { withTimezone: true }),
    /** When the 24-hour and the 15-minute reminders went out (null: not yet). */
    remindedDayAt: timestamp('reminded_day_at', { withTimezone: true }),
    remindedSoonAt: timestamp('reminded_soon_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visits_open_idx').on(t.status).where(sql`${t.status} in ('scheduled', 'waiting')`),
  ],
);

/** The patient's rating of the doctor after a visit: one per visit, editable for a day. */
export const doctorRatings = pgTable('doctor_ratings', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => visits.orderId, { onDelete: 'cascade' }),
  doctorId: integer('doctor_id').notNull(),
  rating: integer('rating').notNull(),
  comment: text('comment').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
