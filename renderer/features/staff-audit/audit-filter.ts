import dayjs from 'dayjs';

/** The audit log's filters as the console holds them. */
export interface AuditFilter {
  /** A user id; the table shows the actor's name beside it. */
  actorId: string | null;
  actorName: string | null;
  /** A prefix: `staff.orders` finds searches, views and exports. */
  action: string;
  /** Local calendar days, YYYY-MM-DD, both included. */
  from: string | null;
  to: string | null;
}

export const emptyAuditFilter: AuditFilter = {
  actorId: null,
  actorName: null,
  action: '',
  from: null,
  to: null,
};

/**
 * The filter as GET /api/staff/audit query parameters: days become instants in the user's own
 * time zone, `to` exclusive (the start of the day after).
 */
export function auditParams(filter: AuditFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.actorId) params.actorId = filter.actorId;
  const action = filter.action.trim();
  if (action) params.action = action;
  if (filter.from) params.from = dayjs(filter.from).startOf('day').toISOString();
  if (filter.to) params.to = dayjs(filter.to).add(1, 'day').startOf('day').toISOString();
  return params;
}

/** Action families for the filter's suggestions (any prefix may be typed). */
export const auditActionSuggestions = [
  'auth',
  'auth.sign-in',
  'auth.sign-out',
  'authorization.denied',
  'staff.orders',
  'staff.orders.search',
  'staff.orders.view',
  'staff.orders.export',
  'staff.orders.cancel',
  'staff.orders.refund',
  'staff.patients',
  'staff.audit.read',
  'phone-order',
  'payment',
  'intake',
  'profile',
] as const;
