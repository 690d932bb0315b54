import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { VisitData } from '../../../shared/contracts/visits';
import { timeZoneOfState } from '../../../shared/time/state-time-zones';
import type { DbOrTx } from '../../db/client';
import { doctorSlots, doctors } from '../../db/schema/care-network';
import { users } from '../../db/schema/identity';
import { orders } from '../../db/schema/orders';
import { doctorRatings, visits } from '../../db/schema/visits';
import { isUuid } from '../orders/order-queries';
import { doctorName } from '../scheduling/doctor-queries';
import { joinWindow } from './visit-window';

/** How long after it was first saved a rating may still change. */
export const RATING_EDIT_MS = 24 * 60 * 60 * 1000;

const visitColumns = {
  visit: visits,
  order: {
    id: orders.id,
    orderNumber: orders.orderNumber,
    status: orders.status,
    userId: orders.userId,
    storefrontId: orders.storefrontId,
    visitType: orders.visitType,
    shippingAddress: orders.shippingAddress,
  },
  slot: { startsAt: doctorSlots.startsAt, endsAt: doctorSlots.endsAt },
  doctor: {
    id: doctors.id,
    firstName: doctors.firstName,
    lastName: doctors.lastName,
    timeZone: doctors.timeZone,
    userId: doctors.userId,
  },
  patient: {
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phone,
    dateOfBirth: users.dateOfBirth,
  },
  rating: doctorRatings,
};

/** Visits with their order, time (the order's booked slot), doctor, patient and rating. */
export function selectVisits(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(visitColumns)
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(doctorSlots, eq(doctorSlots.id, orders.slotId))
    .innerJoin(doctors, eq(doctors.id, orders.doctorId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(doctorRatings, eq(doctorRatings.orderId, visits.orderId))
    .where(where)
    .orderBy(asc(doctorSlots.startsAt), asc(visits.orderId));
}

export type VisitRow = Awaited<ReturnType<typeof selectVisits>>[number];

/** One visit by its order id, or null. Ids that are not UUIDs are simply not found. */
export async function findVisit(
  db: DbOrTx,
  orderId: string,
  extra?: SQL,
): Promise<VisitRow | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await selectVisits(db, and(eq(visits.orderId, orderId), extra)).limit(1);
  return row ?? null;
}

/** Locks a visit's row for a change (the caller's transaction). */
export async function lockVisit(db: DbOrTx, orderId: string): Promise<void> {
  if (!isUuid(orderId)) return;
  await db
    .select({ id: visits.orderId })
    .from(visits)
    .where(eq(visits.orderId, orderId))
    .for('update');
}

export function patientStateOf(row: VisitRow): string | null {
  return row.order.shippingAddress?.state ?? null;
}

/** A visit as both of its people see it. */
export function visitAnswer(row: VisitRow): VisitData {
  const { opensAt, closesAt } = joinWindow(row.slot);
  const state = patientStateOf(row);
  return {
    orderId: row.order.id,
    orderNumber: row.order.orderNumber,
    status: row.visit.status,
    outcome: row.visit.outcome,
    visitType: row.order.visitType,
    startsAt: row.slot.startsAt.toISOString(),
    endsAt: row.slot.endsAt.toISOString(),
    joinOpensAt: opensAt.toISOString(),
    joinClosesAt: closesAt.toISOString(),
    doctor: { id: row.doctor.id, name: doctorName(row.doctor), timeZone: row.doctor.timeZone },
    patient: {
      name: row.patient ? `${row.patient.firstName} ${row.patient.lastName}` : '',
      state,
      timeZone: timeZoneOfState(state),
    },
    rating: row.rating
      ? {
          rating: row.rating.rating,
          comment: row.rating.comment,
          editableUntil: new Date(row.rating.createdAt.getTime() + RATING_EDIT_MS).toISOString(),
        }
      : null,
  };
}
