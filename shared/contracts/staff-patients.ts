import { z } from 'zod';
import { dateOfBirth, email, firstName, lastName, phoneNumber } from '../validation/rules';
import { autoRefillData } from './auto-refill';
import { storefrontIdField } from './fields';
import { orderSummary } from './order-history';
import { addressData } from './orders';
import { intakeStatusSchema, prescriberInfoData } from './registration';

/**
 * The staff console's patients (issue 5): search, the patient view and creating a patient for
 * a phone order, under /api/staff/patients (agents and admins). Every read is audited.
 */

export const MAX_PATIENT_PAGE_SIZE = 100;
export const DEFAULT_PATIENT_PAGE_SIZE = 25;
export const MAX_PATIENT_QUERY_LENGTH = 100;
/** A search row counts a patient's orders up to this many: 100 reads "100 or more". */
export const PATIENT_ORDER_COUNT_CAP = 100;
/** The patient view shows this many orders; `orders.nextCursor` pages on. */
export const PATIENT_VIEW_ORDER_COUNT = 20;
export const MAX_PATIENT_ORDER_PAGE_SIZE = 50;

const uuid = z.string().uuid();

/**
 * GET /api/staff/patients?q=&cursor=&limit=. `q` is matched by its shape: a date
 * (YYYY-MM-DD or MM/DD/YYYY) against the date of birth, a phone number (7 to 15 digits with
 * the usual punctuation) against the phone's digits, text with an @ against the email, other
 * text against the full name and the email. Without q: every patient, newest first.
 */
export const patientSearchQuery = z
  .object({
    q: z.string().max(MAX_PATIENT_QUERY_LENGTH).optional(),
    /** The last userId of the previous page (its `nextCursor`). */
    cursor: uuid.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PATIENT_PAGE_SIZE)
      .default(DEFAULT_PATIENT_PAGE_SIZE),
  })
  .strict();
export type PatientSearchQuery = z.output<typeof patientSearchQuery>;

export const patientSearchFields = ['name', 'email', 'phone', 'dateOfBirth'] as const;
export type PatientSearchField = (typeof patientSearchFields)[number];

export const patientRow = z.object({
  userId: uuid,
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** YYYY-MM-DD. */
  dateOfBirth: z.string().nullable(),
  createdAt: z.string(),
  /** Placed orders, counted up to PATIENT_ORDER_COUNT_CAP. */
  orderCount: z.number().int(),
  /** Null unless an ECP registered the patient; 'ordered' once one of their orders is paid. */
  intakeStatus: intakeStatusSchema.nullable(),
});
export type PatientRow = z.infer<typeof patientRow>;

export const patientSearchData = z.object({
  items: z.array(patientRow),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: uuid.nullable(),
  /** The fields `q` was matched against (empty without q). */
  searchedFields: z.array(z.enum(patientSearchFields)),
});
export type PatientSearchData = z.infer<typeof patientSearchData>;

export const patientParams = z.object({ userId: uuid }).strict();

/** GET /api/staff/patients/:userId/orders?cursor=&limit=: the rest of the patient's orders. */
export const patientOrdersQuery = z
  .object({
    cursor: uuid.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PATIENT_ORDER_PAGE_SIZE)
      .default(PATIENT_VIEW_ORDER_COUNT),
  })
  .strict();
export type PatientOrdersQuery = z.output<typeof patientOrdersQuery>;

export const patientOrdersData = z.object({
  items: z.array(orderSummary),
  /** Pass as `cursor` to GET /api/staff/patients/:userId/orders; null when there are no more. */
  nextCursor: uuid.nullable(),
});
export type PatientOrdersData = z.infer<typeof patientOrdersData>;

export const patientProfile = z.object({
  userId: uuid,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  storefrontId: z.number().int(),
  signupSource: z.string(),
  intakeStatus: intakeStatusSchema.nullable(),
  registeredByEcpId: uuid.nullable(),
  /** False for a passcode-only account (phone orders, OTP sign-ups, pending invitations). */
  hasPassword: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});

/** A saved card as staff see it: never the gateway token, never more than the last 4 digits. */
export const maskedCard = z.object({
  cardId: uuid,
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  /** e.g. "Visa •••• 4242". */
  label: z.string(),
});

export const patientVisitStatuses = ['upcoming', 'past', 'pending', 'cancelled'] as const;

/** An order with a doctor's time: pending until the order is paid and the slot booked. */
export const patientVisit = z.object({
  orderId: uuid,
  orderNumber: z.string().nullable(),
  orderStatus: z.string(),
  doctor: z.object({ doctorId: z.number().int(), name: z.string() }),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(patientVisitStatuses),
});

/** A patient's uploaded document (prescriptions, IDs); uploads are not built yet. */
export const patientDocument = z.object({
  documentId: uuid,
  name: z.string(),
  contentType: z.string(),
  uploadedAt: z.string(),
});

export const patientViewData = z.object({
  profile: patientProfile,
  orders: patientOrdersData,
  autoRefills: z.array(autoRefillData),
  addresses: z.array(addressData),
  cards: z.array(maskedCard),
  visits: z.array(patientVisit),
  documents: z.array(patientDocument),
  /** The ECP who registered the patient, when one did. */
  prescriber: prescriberInfoData.nullable(),
});
export type PatientViewData = z.infer<typeof patientViewData>;

/**
 * POST /api/staff/patients: an agent creates the patient of a phone order. No password: the
 * patient signs in with one-time passcodes. The storefront defaults to the agent's.
 */
export const createPatientRequest = z
  .object({
    firstName,
    lastName,
    email,
    phone: phoneNumber,
    dateOfBirth,
    storefrontId: storefrontIdField.optional(),
  })
  .strict();
export type CreatePatientRequest = z.output<typeof createPatientRequest>;
