import { eq } from 'drizzle-orm';
import { addDays, dayInZone, wallClockInZone, weekdayOf } from '../../lib/time-zones';
import type { DbOrTx } from '../client';
import { doctorSlots, doctors } from '../schema/care-network';

/** Doctors see patients on weekdays from 9:00 to 17:00 in their own zone, in 30-minute visits. */
export const workingHours = { start: '09:00', slotMinutes: 30, slotsPerDay: 16 } as const;
export const slotHorizonDays = 14;

const minuteMs = 60_000;

/** The working-hour slots of one doctor for the days [today, today + days) in the doctor's zone. */
export function slotTimesFor(timeZone: string, now: Date, days = slotHorizonDays) {
  const today = dayInZone(now, timeZone);
  const times: { startsAt: Date; endsAt: Date }[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const day = addDays(today, offset);
    const weekday = weekdayOf(day);
    if (weekday === 0 || weekday === 6) continue;
    const first = wallClockInZone(day, workingHours.start, timeZone).getTime();
    // No DST change falls inside working hours, so the day's slots are plain minute offsets.
    for (let k = 0; k < workingHours.slotsPerDay; k += 1) {
      const startsAt = new Date(first + k * workingHours.slotMinutes * minuteMs);
      if (startsAt <= now) continue;
      times.push({
        startsAt,
        endsAt: new Date(startsAt.getTime() + workingHours.slotMinutes * minuteMs),
      });
    }
  }
  return times;
}

/**
 * Makes sure every active doctor has the slots of the coming days. Idempotent (the unique
 * (doctorId, startsAt) index skips existing ones), so it runs at every start and can run from
 * a periodic job in several server processes at once.
 */
export async function topUpDoctorSlots(
  db: DbOrTx,
  now = new Date(),
  days = slotHorizonDays,
): Promise<number> {
  const active = await db
    .select({ id: doctors.id, timeZone: doctors.timeZone })
    .from(doctors)
    .where(eq(doctors.active, true));
  let inserted = 0;
  for (const doctor of active) {
    const rows = slotTimesFor(doctor.timeZone, now, days).map((t) => ({
      doctorId: doctor.id,
      ...t,
    }));
    if (rows.length === 0) continue;
    const created = await db
      .insert(doctorSlots)
      .values(rows)
      .onConflictDoNothing({ target: [doctorSlots.doctorId, doctorSlots.startsAt] })
      .returning({ id: doctorSlots.id });
    inserted += created.length;
  }
  return inserted;
}
