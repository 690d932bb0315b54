import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** An instant as ISO 8601 with the offset of a named zone, e.g. 2026-05-04T08:00:00-05:00. */
export function formatInZone(instant: Date, zone: string): string {
  return dayjs(instant).tz(zone).format();
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayInZone(instant: Date, zone: string): string {
  return dayjs(instant).tz(zone).format('YYYY-MM-DD');
}

/** The instant a wall-clock time (YYYY-MM-DD, HH:mm) has in a zone. */
export function wallClockInZone(day: string, time: string, zone: string): Date {
  return dayjs.tz(`${day} ${time}`, zone).toDate();
}

/** Calendar arithmetic on days, free of any zone (and so of DST). */
export function addDays(day: string, days: number): string {
  return dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD');
}

/** 0 Sunday … 6 Saturday, for a calendar day. */
export function weekdayOf(day: string): number {
  return dayjs.utc(day).day();
}
