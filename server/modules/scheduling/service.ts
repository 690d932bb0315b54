import {
  DEFAULT_SLOT_DAYS,
  type DoctorBioData,
  type DoctorSlotsQuery,
  type DoctorSummaryData,
  type SlotData,
} from '../../../shared/contracts/scheduling';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { formatInZone, wallClockInZone } from '../../lib/time-zones';
import type { RequestContext } from '../auth/request-context';
import { openOrderOf, orderForCaller } from '../orders/order-access';
import type { OrderRow } from '../orders/order-queries';
import {
  type DoctorRow,
  doctorName,
  doctorsLicensedIn,
  findActiveDoctor,
  freeSlotsOf,
  nextAvailableOf,
} from './doctor-queries';
import type { SlotRow } from './slot-holds';

const dayMs = 24 * 60 * 60_000;
const maxAheadDays = 366;

/** Active doctors licensed in a state, each with their first free time. */
export async function listDoctors(
  db: DbOrTx,
  state: string,
  now = new Date(),
): Promise<DoctorSummaryData[]> {
  const rows = await doctorsLicensedIn(db, state);
  const next = await nextAvailableOf(
    db,
    rows.map((d) => d.id),
    now,
  );
  return rows.map((doctor) => ({
    doctorId: doctor.id,
    name: doctorName(doctor),
    credentials: doctor.credentials,
    specialty: doctor.specialty,
    photo: doctor.photo,
    timeZone: doctor.timeZone,
    nextAvailable: next.get(doctor.id)?.toISOString() ?? null,
  }));
}

/** The state an order ships to: doctors must be licensed there. */
export function shippingStateOf(order: OrderRow): string {
  const state = order.shippingAddress?.state?.trim();
  if (!state) throw fail.badRequest(messages.shippingAddressFirst);
  return state.toUpperCase();
}

export function doctorsForOrder(db: DbOrTx, order: OrderRow): Promise<DoctorSummaryData[]> {
  return listDoctors(db, shippingStateOf(order));
}

/** Order/GetDoctorsByOrder: the doctors who can see the caller's order (its shipping state). */
export async function doctorsForCallerOrder(
  db: DbOrTx,
  context: RequestContext,
  orderId: string,
): Promise<DoctorSummaryData[]> {
  return doctorsForOrder(db, await orderForCaller(db, context.principal, orderId));
}

/** guestorders/current/getdoctors: the doctors who can see the guest's open order. */
export async function doctorsForGuestOrder(
  db: DbOrTx,
  context: RequestContext,
): Promise<DoctorSummaryData[]> {
  const order = await openOrderOf(db, context.principal);
  if (!order) throw fail.notFound(messages.emptyCart);
  return doctorsForOrder(db, order);
}

export async function activeDoctorOr404(db: DbOrTx, doctorId: number): Promise<DoctorRow> {
  const doctor = await findActiveDoctor(db, doctorId);
  if (!doctor) throw fail.notFound(messages.doctorNotFound);
  return doctor;
}

export async function doctorBio(db: DbOrTx, doctorId: number): Promise<DoctorBioData> {
  const doctor = await activeDoctorOr404(db, doctorId);
  return {
    doctorId: doctor.id,
    name: doctorName(doctor),
    credentials: doctor.credentials,
    specialty: doctor.specialty,
    bio: doctor.bio,
    photo: doctor.photo,
    timeZone: doctor.timeZone,
    licensedStates: [...doctor.licensedStates].sort(),
  };
}

export function slotView(slot: SlotRow, patientZone: string, doctorZone: string): SlotData {
  return {
    id: slot.id,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    startsAtLocal: formatInZone(slot.startsAt, patientZone),
    doctorLocal: formatInZone(slot.startsAt, doctorZone),
  };
}

/**
 * A doctor's free slots from `from` (a day starts at its midnight in the patient's zone; now
 * when absent) for `days` days, never in the past, each shown in the patient's time zone.
 */
export async function doctorSlots(
  db: DbOrTx,
  query: DoctorSlotsQuery,
  now = new Date(),
): Promise<SlotData[]> {
  const doctor = await activeDoctorOr404(db, query.doctorId);
  const zone = query.timeZone ?? doctor.timeZone;
  let from = now;
  if (query.from) {
    from = /^\d{4}-\d{2}-\d{2}$/.test(query.from)
      ? wallClockInZone(query.from, '00:00', zone)
      : new Date(query.from);
  }
  if (Number.isNaN(from.getTime())) throw fail.badRequest(undefined, { from: 'invalid' });
  const to = new Date(from.getTime() + (query.days ?? DEFAULT_SLOT_DAYS) * dayMs);
  // Only the coming weeks have slots: a window wholly past or far ahead has none to show.
  if (to <= now || from.getTime() > now.getTime() + maxAheadDays * dayMs) return [];
  const slots = await freeSlotsOf(db, doctor.id, { from, to }, now);
  return slots.map((slot) => slotView(slot, zone, doctor.timeZone));
}
