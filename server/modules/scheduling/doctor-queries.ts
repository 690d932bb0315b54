import { and, asc, eq, gt, gte, inArray, lt, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { doctorSlots, doctors } from '../../db/schema/care-network';
import { isFreeSql, type SlotRow } from './slot-holds';

export type DoctorRow = typeof doctors.$inferSelect;

export function doctorName(doctor: Pick<DoctorRow, 'firstName' | 'lastName'>): string {
  return `Dr. ${doctor.firstName} ${doctor.lastName}`;
}

export function isLicensedIn(doctor: DoctorRow, state: string): boolean {
  return doctor.licensedStates.includes(state.toUpperCase());
}

/** An active doctor, or null (a retired doctor is as good as unknown). */
export async function findActiveDoctor(db: DbOrTx, doctorId: number): Promise<DoctorRow | null> {
  const [row] = await db
    .select()
    .from(doctors)
    .where(and(eq(doctors.id, doctorId), eq(doctors.active, true)));
  return row ?? null;
}

/** Active doctors licensed in a state, by name. */
export function doctorsLicensedIn(db: DbOrTx, state: string): Promise<DoctorRow[]> {
  return db
    .select()
    .from(doctors)
    .where(
      and(
        eq(doctors.active, true),
        sql`${doctors.licensedStates} @> ${JSON.stringify([state.toUpperCase()])}::jsonb`,
      ),
    )
    .orderBy(asc(doctors.lastName), asc(doctors.firstName), asc(doctors.id));
}

/** Each doctor's first free slot after `now`. */
export async function nextAvailableOf(
  db: DbOrTx,
  doctorIds: readonly number[],
  now: Date,
): Promise<Map<number, Date>> {
  if (doctorIds.length === 0) return new Map();
  const rows = await db
    .select({ doctorId: doctorSlots.doctorId, first: min(doctorSlots.startsAt) })
    .from(doctorSlots)
    .where(
      and(
        inArray(doctorSlots.doctorId, [...doctorIds]),
        gt(doctorSlots.startsAt, now),
        isFreeSql(now),
      ),
    )
    .groupBy(doctorSlots.doctorId);
  const byDoctor = new Map<number, Date>();
  for (const row of rows) if (row.first) byDoctor.set(row.doctorId, new Date(row.first));
  return byDoctor;
}

/** A doctor's free slots starting in [from, to) and after `now`, earliest first. */
export function freeSlotsOf(
  db: DbOrTx,
  doctorId: number,
  window: { from: Date; to: Date },
  now: Date,
): Promise<SlotRow[]> {
  return db
    .select()
    .from(doctorSlots)
    .where(
      and(
        eq(doctorSlots.doctorId, doctorId),
        gte(doctorSlots.startsAt, window.from),
        lt(doctorSlots.startsAt, window.to),
        gt(doctorSlots.startsAt, now),
        isFreeSql(now),
      ),
    )
    .orderBy(asc(doctorSlots.startsAt));
}
