import { eq } from 'drizzle-orm';
import type { ScheduledTimeData } from '../../../shared/contracts/scheduling';
import type { DbOrTx } from '../../db/client';
import { doctorSlots, doctors } from '../../db/schema/care-network';
import { formatInZone } from '../../lib/time-zones';
import type { RequestContext } from '../auth/request-context';
import { inviteeOf } from '../orders/invitee';
import { orderForCaller } from '../orders/order-access';
import type { OrderRow } from '../orders/order-queries';
import { doctorName } from './doctor-queries';

/**
 * The order's visit time: booked once paid, held while checkout goes on (a hold that ran out
 * still shows until another order takes the slot). Null when there is none: visit type 3,
 * no slot chosen yet, or the slot went to another order.
 */
export async function scheduledTime(
  db: DbOrTx,
  order: OrderRow,
  timeZone?: string,
): Promise<ScheduledTimeData> {
  if (order.slotId === null) return null;
  const [row] = await db
    .select({ slot: doctorSlots, doctor: doctors })
    .from(doctorSlots)
    .innerJoin(doctors, eq(doctors.id, doctorSlots.doctorId))
    .where(eq(doctorSlots.id, order.slotId));
  if (!row) return null;
  const { slot, doctor } = row;
  const booked = slot.bookedByOrderId === order.id;
  if (!booked && slot.heldByOrderId !== order.id) return null;
  const zone = timeZone ?? doctor.timeZone;
  return {
    orderId: order.id,
    slotId: slot.id,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    startsAtLocal: formatInZone(slot.startsAt, zone),
    timeZone: zone,
    doctor: { doctorId: doctor.id, name: doctorName(doctor), timeZone: doctor.timeZone },
    status: booked ? 'booked' : 'held',
    heldUntil: booked ? null : (slot.heldUntil?.toISOString() ?? null),
    invitee: await inviteeOf(db, order),
  };
}

/** Order/GetScheduledTime: the visit time of the caller's order, in the time zone asked for. */
export async function scheduledTimeFor(
  db: DbOrTx,
  context: RequestContext,
  query: { orderId: string; timeZone?: string | undefined },
): Promise<ScheduledTimeData> {
  const order = await orderForCaller(db, context.principal, query.orderId);
  return scheduledTime(db, order, query.timeZone);
}
