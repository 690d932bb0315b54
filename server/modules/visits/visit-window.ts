import type { VisitStatus } from '../../db/schema/visits';

const minuteMs = 60_000;
/** The room opens this long before the visit's time (and "about to start" begins). */
export const JOIN_EARLY_MS = 15 * minuteMs;
/** A visit nobody started is missed this long after its time ended; the room closes then. */
export const MISSED_GRACE_MS = 15 * minuteMs;
/** A visit in progress may run over its time by this much before the room refuses newcomers. */
export const OVERRUN_MS = 2 * 60 * minuteMs;

export interface VisitTime {
  startsAt: Date;
  endsAt: Date;
}

/** When the room admits the visit's patient and doctor. */
export function joinWindow(time: VisitTime): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(time.startsAt.getTime() - JOIN_EARLY_MS),
    closesAt: new Date(time.endsAt.getTime() + MISSED_GRACE_MS),
  };
}

export type RoomAccess = 'open' | 'not-yet' | 'over';

/** Whether the room may be entered now: the time window, and a visit that is not over. */
export function roomAccess(status: VisitStatus, time: VisitTime, now: Date): RoomAccess {
  if (status === 'ended' || status === 'missed' || status === 'cancelled') return 'over';
  if (status === 'in-progress') {
    return now.getTime() <= time.endsAt.getTime() + OVERRUN_MS ? 'open' : 'over';
  }
  const { opensAt, closesAt } = joinWindow(time);
  if (now < opensAt) return 'not-yet';
  return now > closesAt ? 'over' : 'open';
}

/** A visit that has not begun whose room is open now (the welcome-back "about to start"). */
export function isAboutToStart(status: VisitStatus, time: VisitTime, now: Date): boolean {
  return (
    (status === 'scheduled' || status === 'waiting') && roomAccess(status, time, now) === 'open'
  );
}

/** The moment before which an unstarted visit still counts; after it, the job marks it missed. */
export function missedBefore(now: Date): Date {
  return new Date(now.getTime() - MISSED_GRACE_MS);
}
