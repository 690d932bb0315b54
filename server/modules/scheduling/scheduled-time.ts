import { eq } from 'drizzle-orm';
import type { ScheduledTimeData } from '../../../shared/contracts/scheduling';
import type { DbOrTx } from '../../db/client';
import { doctorSlots, doctors } from '../../db/schema/care-network';
import { users } from '../../db/schema/identity';
import type { OrderRow } from '../orders/order-queries';
import { doctorName } from './doctor-queries';
import { formatInZone } from './time-zones';

/**
 * Who the visit is with (the schedule's invitee), as the order view shows it: the order's
 * patient, or for a guest order the name and phone of the shipping address.
 */
export async function inviteeOf(db: DbOrTx, order: OrderRow) {
  const [owner] = order.userId
    ? await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          phone: users.phone,
        })
        .from(users)
        .where(eq(users.id, order.userId))
    : [];
  const phone = [owner?.phone, order.shippingAddress?.phone].find(
    (p) => typeof p === 'string' && p.length > 0,
  );
  return {
    name: owner ? `${owner.firstName} ${owner.lastName}` : (order.shippingAddress?.fullName ?? ''),
    email: owner?.email ?? '',
    number: phone ?? '',
  };
}

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
