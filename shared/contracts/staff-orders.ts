import { z } from 'zod';
import { orderStatuses, placedOrderStatuses } from '../orders/statuses';
import { idempotencyKey } from '../validation/card-rules';
import { paymentSummary, statusChange } from './order-history';
import { doctorRef, orderData } from './orders';

/**
 * The staff console's order lookup (issue 5): search, filters, sort and keyset paging over every
 * placed order, the order detail with the actions the caller's role allows, a streamed CSV
 * export and saved views, under /api/staff (agents and admins). Every read is audited.
 */

export const orderSources = ['web', 'phone', 'refill', 'reorder'] as const;

export const MAX_STAFF_ORDER_PAGE_SIZE = 200;
export const DEFAULT_STAFF_ORDER_PAGE_SIZE = 50;
export const MAX_STAFF_ORDER_QUERY_LENGTH = 100;
/** The CSV export stops after this many rows. */
export const MAX_EXPORT_ROWS = 100_000;

export const staffOrderSorts = ['createdAt', 'orderNumber', 'total', 'status'] as const;
export type StaffOrderSort = (typeof staffOrderSorts)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];
/** Newest first. */
export const DEFAULT_STAFF_ORDER_SORT: StaffOrderSort = 'createdAt';
export const DEFAULT_SORT_DIRECTION: SortDirection = 'desc';

/** The fields a search text is matched against, chosen from what the text looks like. */
export const staffOrderSearchFields = [
  'orderNumber',
  'name',
  'email',
  'phone',
  'dateOfBirth',
] as const;
export type StaffOrderSearchField = (typeof staffOrderSearchFields)[number];

const MAX_ID = 2_147_483_647;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const unsafeCharacters = /[\u0000-\u001f\u007f]|[\ud800-\udfff]/u;
/** Text that the database can store and a log line cannot be forged with. */
const safeText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !unsafeCharacters.test(value), { error: 'Remove the special characters.' });

/** An integer id in a query string: decimal digits only (no signs, exponents or spaces). */
const idText = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_ID));

/**
 * A calendar day, YYYY-MM-DD, that exists (no 2026-02-30), in years PostgreSQL and a day after
 * it can hold (no year 0000, no 9999-12-31 + 1).
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < 1000 || year > 9998) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}
const calendarDay = z.string().refine(isCalendarDay, { error: 'Use a date as YYYY-MM-DD.' });

/** `status=paid&status=shipped` or `status=paid,shipped`: one list either way. */
const statusList = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(20)])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part.length > 0),
  )
  .pipe(z.array(z.enum(placedOrderStatuses)).max(placedOrderStatuses.length * 2));

/** The filters and search shared by the list, the export and saved views. */
const lookupFields = {
  /**
   * Matched by its shape: a date (YYYY-MM-DD or MM/DD/YYYY) against the date of birth; text
   * with an @ against the email; a phone number (10 digits, or 11 with the country code, with
   * the usual punctuation) against the phone's digits; fewer digits against the order number;
   * an order number (letters and digits, no spaces, e.g. SF-100123) by its start; other text
   * against the patient's full name and email.
   */
  q: safeText(MAX_STAFF_ORDER_QUERY_LENGTH).optional(),
  status: statusList.optional(),
  /** Created on or after this day (UTC). */
  from: calendarDay.optional(),
  /** Created on or before this day (UTC). */
  to: calendarDay.optional(),
  productId: idText.optional(),
  visitType: z.enum(['1', '2', '3']).transform(Number).optional(),
  storefrontId: idText.optional(),
  /** Default createdAt; with a cursor, the cursor's sort unless given (and then the same). */
  sort: z.enum(staffOrderSorts).optional(),
  /** Default desc. */
  dir: z.enum(sortDirections).optional(),
};

/** GET /api/staff/orders: one keyset page (no exact total is ever counted). */
export const staffOrderListQuery = z
  .object({
    ...lookupFields,
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_STAFF_ORDER_PAGE_SIZE)
      .default(DEFAULT_STAFF_ORDER_PAGE_SIZE),
    /** The previous page's `nextCursor`: opaque; it carries the sort it was made for. */
    cursor: z
      .string()
      .max(512)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  })
  .strict();
export type StaffOrderListQuery = z.output<typeof staffOrderListQuery>;

/** GET /api/staff/orders/export.csv: the same search, filters and sort, every page at once. */
export const staffOrderExportQuery = z.object(lookupFields).strict();
export type StaffOrderExportQuery = z.output<typeof staffOrderExportQuery>;

/** The filters of a search, without the search text (it may be patient data). */
export type StaffOrderFilters = Omit<StaffOrderExportQuery, 'q' | 'sort' | 'dir'>;

export const staffPatientRef = z.object({
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** YYYY-MM-DD. */
  dateOfBirth: z.string().nullable(),
});
export type StaffPatientRef = z.infer<typeof staffPatientRef>;

export const staffOrderRow = z.object({
  orderId: z.string().uuid(),
  orderNumber: z.string().nullable(),
  status: z.enum(orderStatuses),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Null for a guest's order (no account). */
  patient: staffPatientRef.nullable(),
  total: z.number(),
  totalCents: z.number().int(),
  itemCount: z.number().int(),
  /** Product display names, in the order's item order. */
  products: z.array(z.string()),
  visitType: z.number().int().nullable(),
  /** The agent who placed a phone order. */
  placedByAgent: z.string().nullable(),
  source: z.enum(orderSources),
});
export type StaffOrderRow = z.infer<typeof staffOrderRow>;

export const staffOrderListData = z.object({
  rows: z.array(staffOrderRow),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type StaffOrderListData = z.infer<typeof staffOrderListData>;

/** `:orderId` of the detail and action routes (anything but an order's id answers 404). */
export const staffOrderParams = z.object({ orderId: z.string().min(1).max(64) }).strict();

export const staffOrderActions = ['reorder', 'resend-receipt', 'cancel', 'refund'] as const;
export type StaffOrderAction = (typeof staffOrderActions)[number];

export const slotStates = ['held', 'booked', 'released'] as const;

export const staffOrderDetail = z.object({
  /** The order as the patient apps read it (items, totals, shipping, pharmacy, doctor). */
  order: orderData,
  patient: staffPatientRef.nullable(),
  placedByAgent: z.string().nullable(),
  source: z.enum(orderSources),
  /** Charges, declines and refunds, oldest first. A refund is its own row (status refunded). */
  payments: z.array(paymentSummary),
  statusHistory: z.array(statusChange),
  visit: z.object({
    visitType: z.number().int().nullable(),
    doctor: doctorRef.nullable(),
    slot: z
      .object({
        id: z.number().int(),
        startsAt: z.string(),
        endsAt: z.string(),
        /** Whether the order still holds or has booked the time, or let it go (cancelled). */
        state: z.enum(slotStates),
      })
      .nullable(),
  }),
  /** What the caller's role may do with the order now. */
  allowedActions: z.array(z.enum(staffOrderActions)),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetail>;

const reason = safeText(500).trim().min(1);

/** POST /api/staff/orders/:orderId/cancel. */
export const cancelOrderRequest = z.object({ reason }).strict();
export type CancelOrderRequest = z.output<typeof cancelOrderRequest>;

/** POST /api/staff/orders/:orderId/refund: the whole charge unless amountCents is given. */
export const refundOrderRequest = z
  .object({ reason, amountCents: z.number().int().positive().max(MAX_ID).optional() })
  .strict();
export type RefundOrderRequest = z.output<typeof refundOrderRequest>;

/** A refund needs an Idempotency-Key (other headers pass through). */
export const refundHeaders = z.looseObject({ 'idempotency-key': idempotencyKey });

/** resend-receipt and reorder take no input; an empty JSON object (or no body) is fine. */
export const emptyActionRequest = z.object({}).strict().optional();

export const MAX_SAVED_VIEWS = 100;
export const MAX_VIEW_NAME_LENGTH = 80;

/** The console table's columns a view may show. */
export const staffOrderColumns = [
  'orderNumber',
  'createdAt',
  'paidAt',
  'status',
  'patientName',
  'email',
  'phone',
  'dateOfBirth',
  'total',
  'itemCount',
  'products',
  'visitType',
  'placedByAgent',
  'source',
] as const;

const viewFilters = z
  .object({
    status: z.array(z.enum(placedOrderStatuses)).max(placedOrderStatuses.length).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    productId: z.number().int().positive().max(MAX_ID).optional(),
    visitType: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    storefrontId: z.number().int().positive().max(MAX_ID).optional(),
  })
  .strict();

export const savedViewSettings = z
  .object({
    q: safeText(MAX_STAFF_ORDER_QUERY_LENGTH).optional(),
    filters: viewFilters.optional(),
    sort: z.enum(staffOrderSorts).optional(),
    dir: z.enum(sortDirections).optional(),
    columns: z.array(z.enum(staffOrderColumns)).max(staffOrderColumns.length).optional(),
  })
  .strict();
export type SavedViewSettings = z.output<typeof savedViewSettings>;

/** POST /api/staff/views: names are unique per user (409 when taken). */
export const createSavedViewRequest = z
  .object({ name: safeText(MAX_VIEW_NAME_LENGTH).trim().min(1), view: savedViewSettings })
  .strict();
export type CreateSavedViewRequest = z.output<typeof createSavedViewRequest>;

export const savedViewParams = z.object({ viewId: z.string().min(1).max(64) }).strict();

export const savedViewData = z.object({
  viewId: z.string().uuid(),
  name: z.string(),
  view: savedViewSettings,
  createdAt: z.string(),
});
export type SavedViewData = z.infer<typeof savedViewData>;

/** The caller's own views, by name. */
export const savedViewList = z.array(savedViewData);
