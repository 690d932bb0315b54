import { z } from 'zod';
import { storefrontIdField } from './fields';
import { doctorListData, rescheduleRequest } from './scheduling';
import { RATING_COMMENT_MAX } from './visit-limits';

/**
 * Video visits (issue 12): the patient's side (spec §7 "Visit" SaveDoctorRating and the
 * PatientVisit call service; "Order" WelcomeScreenVisit, GetMissedScheduledVisit,
 * VisitAboutToStartDetails) and the doctor's side in the console (staff/visits). Times travel
 * as ISO 8601 in UTC; each screen shows them in its viewer's zone.
 */

export const visitStatusValues = [
  'scheduled',
  'waiting',
  'in-progress',
  'ended',
  'missed',
  'cancelled',
] as const;
export type VisitStatusValue = (typeof visitStatusValues)[number];

export const visitOutcomeValues = ['approved', 'declined', 'no-show'] as const;
export type VisitOutcomeValue = (typeof visitOutcomeValues)[number];

/** Order ids are UUIDs; anything else is answered 404 by the owner check, never 500. */
const orderIdText = z.string().min(1).max(64);

const personData = z.object({ name: z.string(), timeZone: z.string() });

export const visitRatingData = z.object({
  rating: z.number().int(),
  comment: z.string(),
  /** Until when the patient may still change it (a day after it was first saved). */
  editableUntil: z.string(),
});

/** A visit as its patient and its doctor both see it. */
export const visitData = z.object({
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  status: z.enum(visitStatusValues),
  outcome: z.enum(visitOutcomeValues).nullable(),
  visitType: z.number().int().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The room admits its patient and its doctor from joinOpensAt to joinClosesAt. */
  joinOpensAt: z.string(),
  joinClosesAt: z.string(),
  doctor: personData.extend({ id: z.number().int() }),
  /** The patient's zone is their shipping state's. */
  patient: personData.extend({ state: z.string().nullable() }),
  rating: visitRatingData.nullable(),
});
export type VisitData = z.infer<typeof visitData>;

export const visitListData = z.object({ visits: z.array(visitData) });
export type VisitListData = z.infer<typeof visitListData>;

/** What the doctor reads before and during the visit. */
export const visitChartData = z.object({
  visit: visitData,
  notes: z.string(),
  orderStatus: z.string(),
  patient: z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
  }),
  items: z.array(z.object({ name: z.string(), qty: z.number().int() })),
  answers: z.array(z.object({ product: z.string(), question: z.string(), answer: z.string() })),
  /** The patient's documents (insurance card, prescriptions...). */
  documents: z.array(
    z.object({ id: z.string(), name: z.string(), mimeType: z.string(), createdAt: z.string() }),
  ),
});
export type VisitChartData = z.infer<typeof visitChartData>;

// --- Requests -------------------------------------------------------------------------------

/** GET Visit/PatientVisit?orderId= */
export const patientVisitQuery = z.object({ orderId: orderIdText }).strict();

/** GET Order/GetMissedScheduledVisit?storefrontId= and Order/VisitAboutToStartDetails?storefrontId= */
export const welcomeVisitQuery = z.object({ storefrontId: storefrontIdField }).strict();

/** The welcome-back answers: the visit to show, or null when there is none. */
export const welcomeVisitData = z.object({ visit: visitData.nullable() });
export type WelcomeVisitData = z.infer<typeof welcomeVisitData>;

/** POST Visit/SaveDoctorRating */
export const saveDoctorRatingRequest = z
  .object({
    orderId: orderIdText,
    rating: z.number().int().min(1).max(5),
    comment: z.string().trim().max(RATING_COMMENT_MAX).default(''),
  })
  .strict();
export type SaveDoctorRatingRequest = z.infer<typeof saveDoctorRatingRequest>;

/** staff/visits/{orderId} */
export const visitParams = z.object({ orderId: orderIdText }).strict();

export const NOTES_MAX = 20_000;

/** PUT staff/visits/{orderId}/notes */
export const visitNotesRequest = z.object({ notes: z.string().max(NOTES_MAX) }).strict();

/** POST staff/visits/{orderId}/end */
export const endVisitRequest = z
  .object({
    outcome: z.enum(visitOutcomeValues),
    notes: z.string().max(NOTES_MAX).optional(),
  })
  .strict();
export type EndVisitRequest = z.infer<typeof endVisitRequest>;

/** GET Visit/Reschedulings/{token}: the visit an emailed link moves, and the doctors to choose. */
export const rescheduleLinkData = z.object({ visit: visitData, doctors: doctorListData });
export type RescheduleLinkData = z.infer<typeof rescheduleLinkData>;

export const rescheduleLinkParams = z.object({ token: z.string().min(1).max(200) }).strict();

/** POST Visit/Reschedulings/{token}: the new time (the order comes from the link). */
export const rescheduleByLinkRequest = rescheduleRequest.omit({ orderId: true });
export type RescheduleByLinkRequest = z.infer<typeof rescheduleByLinkRequest>;
