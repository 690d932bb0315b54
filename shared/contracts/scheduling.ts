import { z } from 'zod';

/**
 * Doctors and visit scheduling (spec §7 "Order address" GetDoctors, GetDoctorBio, SelectDoctor,
 * GetDoctorsByOrderId; "Order" GetScheduledTime, RescheduleDoctorForRecentOrder; the guest
 * order's current/getdoctors and current/doctor). Times travel as ISO 8601 in UTC
 * (`startsAt`) and, for display, as ISO 8601 with the offset of a named time zone.
 */

const MAX_ID = 2_147_483_647;

/** An integer id in a query string: decimal digits only (no signs, exponents or spaces). */
const idText = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_ID));

/** An integer id in a JSON body: a number, or the same digits as a string (clients send either). */
const idJson = z.union([z.number().int().positive().max(MAX_ID), idText]);

/** Order ids are UUIDs; anything else is answered 404 by the owner check, never 500. */
const orderIdText = z.string().min(1).max(64);

/** A US state or territory code such as "TX" (upper-cased). */
export const stateCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((value) => value.toUpperCase());

/** Whether the runtime knows this IANA time zone name (e.g. America/Chicago). */
export function isIanaTimeZone(value: string): boolean {
  // Offsets such as "+05:00" are accepted by newer Intl versions but are not zone names.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneField = z.string().min(1).max(64).refine(isIanaTimeZone, {
  error: 'Please choose a valid time zone.',
});

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD, from its midnight in the patient's zone) or an instant with an offset. */
export const fromField = z.union([
  z
    .string()
    .regex(isoDate)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`))),
  z.iso.datetime({ offset: true }),
]);

export const MAX_SLOT_DAYS = 31;
export const DEFAULT_SLOT_DAYS = 7;

// --- Requests -------------------------------------------------------------------------------

/** GET Order/GetDoctors?state=TX */
export const doctorsQuery = z.object({ state: stateCode }).strict();

/** GET Order/GetDoctorsByOrderId?orderId= */
export const doctorsByOrderQuery = z.object({ orderId: orderIdText }).strict();

/** GET Order/GetDoctorBio?doctorId= */
export const doctorBioQuery = z.object({ doctorId: idText }).strict();

/** GET Order/GetDoctorSlots?doctorId=&from=&days=&timeZone= */
export const doctorSlotsQuery = z
  .object({
    doctorId: idText,
    from: fromField.optional(),
    days: z
      .string()
      .regex(/^[0-9]{1,2}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(MAX_SLOT_DAYS))
      .optional(),
    /** The patient's time zone, for `startsAtLocal`; the doctor's when absent. */
    timeZone: timeZoneField.optional(),
  })
  .strict();
export type DoctorSlotsQuery = z.output<typeof doctorSlotsQuery>;

/** POST Order/SelectDoctor: the caller's open order when orderId is absent. */
export const selectDoctorRequest = z
  .object({
    orderId: orderIdText.optional(),
    doctorId: idJson,
    /** Required for visit types 1 and 2, refused for visit type 3. */
    slotId: idJson.optional(),
  })
  .strict();
export type SelectDoctorRequest = z.output<typeof selectDoctorRequest>;

/** PATCH v1/guestorders/current/doctor */
export const guestSelectDoctorRequest = z
  .object({ doctorId: idJson, slotId: idJson.optional() })
  .strict();

/** GET Order/GetScheduledTime?orderId=&timeZone= */
export const scheduledTimeQuery = z
  .object({ orderId: orderIdText, timeZone: timeZoneField.optional() })
  .strict();

/** POST Order/RescheduleDoctorForRecentOrder */
export const rescheduleRequest = z
  .object({ orderId: orderIdText, slotId: idJson, timeZone: timeZoneField.optional() })
  .strict();

// --- Responses ------------------------------------------------------------------------------

export const doctorSummaryData = z.object({
  doctorId: z.number().int(),
  /** "Dr. First Last" */
  name: z.string(),
  credentials: z.string(),
  specialty: z.string(),
  photo: z.string().nullable(),
  timeZone: z.string(),
  /** The first free slot from now (ISO UTC), or null when none is open. */
  nextAvailable: z.string().nullable(),
});
export type DoctorSummaryData = z.infer<typeof doctorSummaryData>;

export const doctorListData = z.array(doctorSummaryData);

export const doctorBioData = z.object({
  doctorId: z.number().int(),
  name: z.string(),
  credentials: z.string(),
  specialty: z.string(),
  bio: z.string(),
  photo: z.string().nullable(),
  timeZone: z.string(),
  licensedStates: z.array(z.string()),
});
export type DoctorBioData = z.infer<typeof doctorBioData>;

export const slotData = z.object({
  id: z.number().int(),
  /** ISO 8601 in UTC. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The start in the patient's time zone, ISO 8601 with its offset (2026-05-04T08:00:00-05:00). */
  startsAtLocal: z.string(),
  /** The start in the doctor's time zone, same format. */
  doctorLocal: z.string(),
});
export type SlotData = z.infer<typeof slotData>;

export const slotListData = z.array(slotData);

export const inviteeData = z.object({ name: z.string(), email: z.string(), number: z.string() });

/** The order's visit: held while checkout goes on, booked once paid. */
export const scheduledTimeData = z
  .object({
    orderId: z.string(),
    slotId: z.number().int(),
    startsAt: z.string(),
    endsAt: z.string(),
    /** The start in `timeZone`, ISO 8601 with its offset. */
    startsAtLocal: z.string(),
    /** The time zone asked for, else the doctor's. */
    timeZone: z.string(),
    doctor: z.object({ doctorId: z.number().int(), name: z.string(), timeZone: z.string() }),
    status: z.enum(['held', 'booked']),
    heldUntil: z.string().nullable(),
    invitee: inviteeData,
  })
  .nullable();
export type ScheduledTimeData = z.infer<typeof scheduledTimeData>;
