import { eq } from 'drizzle-orm';
import { doctorSlots, doctors } from '../../../server/db/schema/care-network';
import { orders } from '../../../server/db/schema/orders';
import { type VisitStatus, visits } from '../../../server/db/schema/visits';
import { demoDoctorId } from '../../../server/db/seed/storefront-data';
import { placedOrder } from './placed-orders';
import type { AppUnderTest } from './test-app';
import { createUser } from './users';

let minuteOffset = 0;

/**
 * A paid consult order with a booked visit, straight in the database: a slot of the doctor's
 * at `startsAt` (30 minutes long), the order in review, and its visit. Each call's slot is a
 * few seconds apart from the others, so that slots of one doctor never collide.
 */
export async function bookedVisit(
  t: AppUnderTest,
  patientId: string,
  options: {
    startsAt: Date;
    minutes?: number;
    doctorId?: number;
    status?: VisitStatus;
    state?: string;
  },
) {
  minuteOffset += 1;
  const startsAt = new Date(options.startsAt.getTime() + minuteOffset * 1000);
  const doctorId = options.doctorId ?? demoDoctorId;
  const [doctor] = await t.database.db.select().from(doctors).where(eq(doctors.id, doctorId));
  const state = options.state ?? doctor?.licensedStates[0] ?? 'TX';
  const order = await placedOrder(t, patientId, {
    status: 'in-review',
    items: [{ sku: 'RX-LATANOPROST' }],
    address: {
      fullName: 'Test Person',
      line1: '1 Main St',
      line2: null,
      city: 'Somewhere',
      state,
      zip: '78701',
      phone: '5555550199',
    },
  });
  const [slot] = await t.database.db
    .insert(doctorSlots)
    .values({
      doctorId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + (options.minutes ?? 30) * 60_000),
      bookedByOrderId: order.id,
    })
    .returning();
  if (!slot) throw new Error('slot not created');
  await t.database.db
    .update(orders)
    .set({ doctorId, slotId: slot.id, visitType: 1 })
    .where(eq(orders.id, order.id));
  await t.database.db
    .insert(visits)
    .values({ orderId: order.id, status: options.status ?? 'scheduled' });
  return { orderId: order.id, slotId: slot.id, startsAt, doctorId };
}

/** A second doctor with a console account (role doctor), for "another doctor's visit". */
export async function doctorAccount(t: AppUnderTest) {
  const user = await createUser(t, { role: 'doctor' });
  const [doctor] = await t.database.db
    .insert(doctors)
    .values({
      firstName: 'Other',
      lastName: `Doctor${minuteOffset}`,
      credentials: 'MD',
      specialty: 'Family medicine',
      bio: 'A test doctor.',
      timeZone: 'America/Los_Angeles',
      licensedStates: ['TX', 'OR', 'CA'],
      userId: user.id,
    })
    .returning();
  if (!doctor) throw new Error('doctor not created');
  return { user, doctor };
}

export async function visitRow(t: AppUnderTest, orderId: string) {
  const [row] = await t.database.db.select().from(visits).where(eq(visits.orderId, orderId));
  return row;
}

/** A free 30-minute slot of a doctor, `daysAhead` days from now (for reschedules). */
export async function freeSlotOf(t: AppUnderTest, doctorId: number, daysAhead: number) {
  const startsAt = new Date(Date.now() + daysAhead * 24 * 60 * 60_000);
  const [slot] = await t.database.db
    .insert(doctorSlots)
    .values({ doctorId, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
    .returning();
  if (!slot) throw new Error('slot not created');
  return slot;
}
