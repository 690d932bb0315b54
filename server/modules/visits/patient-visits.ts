import { and, eq, gt, gte, inArray, lte } from 'drizzle-orm';
import type { SaveDoctorRatingRequest, VisitData } from '../../../shared/contracts/visits';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { Database } from '../../db/client';
import { doctorSlots } from '../../db/schema/care-network';
import { orders } from '../../db/schema/orders';
import { doctorRatings, visits } from '../../db/schema/visits';
import { patientOf, type RequestContext } from '../auth/request-context';
import { reschedulableStatuses } from '../scheduling/reschedule';
import { findVisit, lockVisit, RATING_EDIT_MS, selectVisits, visitAnswer } from './visit-queries';
import { JOIN_EARLY_MS, MISSED_GRACE_MS, OVERRUN_MS } from './visit-window';

/** Visit/PatientVisit: one of the caller's visits; another's is as good as unknown (404). */
export async function patientVisit(
  database: Database,
  context: RequestContext,
  orderId: string,
): Promise<VisitData> {
  const row = await findVisit(database.db, orderId, eq(orders.userId, patientOf(context)));
  if (!row) throw fail.notFound(messages.visitNotFound);
  return visitAnswer(row);
}

/**
 * WelcomeScreenVisit: the caller's next visit still to come (or under way), for the
 * welcome-back screen; null when there is none.
 */
export async function welcomeScreenVisit(
  database: Database,
  context: RequestContext,
  now: Date = new Date(),
): Promise<VisitData | null> {
  const [row] = await selectVisits(
    database.db,
    and(
      eq(orders.userId, patientOf(context)),
      inArray(visits.status, ['scheduled', 'waiting', 'in-progress']),
      gt(doctorSlots.endsAt, new Date(now.getTime() - MISSED_GRACE_MS)),
    ),
  ).limit(1);
  return row ? visitAnswer(row) : null;
}

/** VisitAboutToStartDetails: a visit of the caller's whose room is open now. */
export async function visitAboutToStart(
  database: Database,
  context: RequestContext,
  storefrontId: number,
  now: Date = new Date(),
): Promise<VisitData | null> {
  const [row] = await selectVisits(
    database.db,
    and(
      eq(orders.userId, patientOf(context)),
      eq(orders.storefrontId, storefrontId),
      inArray(visits.status, ['scheduled', 'waiting', 'in-progress']),
      lte(doctorSlots.startsAt, new Date(now.getTime() + JOIN_EARLY_MS)),
      gte(doctorSlots.endsAt, new Date(now.getTime() - MISSED_GRACE_MS)),
    ),
  ).limit(1);
  if (row?.visit.status === 'in-progress' && row.slot.endsAt.getTime() + OVERRUN_MS < now.getTime())
    return null;
  return row ? visitAnswer(row) : null;
}

/**
 * GetMissedScheduledVisit: the caller's latest missed visit that can still be rebooked (its
 * order not yet decided by the doctor); null when there is none.
 */
export async function missedScheduledVisit(
  database: Database,
  context: RequestContext,
  storefrontId: number,
): Promise<VisitData | null> {
  const rows = await selectVisits(
    database.db,
    and(
      eq(orders.userId, patientOf(context)),
      eq(orders.storefrontId, storefrontId),
      eq(visits.status, 'missed'),
      inArray(orders.status, [...reschedulableStatuses]),
    ),
  );
  const latest = rows.at(-1);
  return latest ? visitAnswer(latest) : null;
}

/**
 * Visit/SaveDoctorRating: once the visit ended, its patient rates the doctor 1–5 with a
 * comment. One rating per visit; the patient may change it for a day after first saving it.
 */
export async function saveDoctorRating(
  database: Database,
  context: RequestContext,
  input: SaveDoctorRatingRequest,
  now: Date = new Date(),
): Promise<VisitData> {
  const userId = patientOf(context);
  return database.db.transaction(async (tx) => {
    await lockVisit(tx, input.orderId);
    const row = await findVisit(tx, input.orderId, eq(orders.userId, userId));
    if (!row) throw fail.notFound(messages.visitNotFound);
    if (row.visit.status !== 'ended') throw fail.conflict(messages.visitNotEnded);
    if (row.rating && now.getTime() > row.rating.createdAt.getTime() + RATING_EDIT_MS) {
      throw fail.conflict(messages.ratingLocked);
    }
    await tx
      .insert(doctorRatings)
      .values({
        orderId: row.order.id,
        doctorId: row.doctor.id,
        rating: input.rating,
        comment: input.comment,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: doctorRatings.orderId,
        set: { rating: input.rating, comment: input.comment, updatedAt: now },
      });
    const saved = await findVisit(tx, row.order.id);
    if (!saved) throw fail.notFound(messages.visitNotFound);
    return visitAnswer(saved);
  });
}

/** The caller's visits, newest first (the account's visit list). */
export async function patientVisits(
  database: Database,
  context: RequestContext,
): Promise<VisitData[]> {
  const rows = await selectVisits(database.db, eq(orders.userId, patientOf(context)));
  return rows.map(visitAnswer).reverse();
}
