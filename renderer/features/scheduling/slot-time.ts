import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The browser's IANA time zone (the patient's), e.g. America/Chicago; UTC when unknown. */
export function patientTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** An instant (ISO, any offset) in a time zone, e.g. "Mon, May 4, 8:00 AM". */
export function formatSlotTime(iso: string, timeZone: string): string {
  return dayjs(iso).tz(timeZone).format('ddd, MMM D, h:mm A');
}

/** The local day of an instant in a zone, as YYYY-MM-DD (the key slots are grouped by). */
export function slotDay(iso: string, timeZone: string): string {
  return dayjs(iso).tz(timeZone).format('YYYY-MM-DD');
}

export function formatDay(day: string): string {
  return dayjs(day).format('ddd, MMM D');
}

export function formatTimeOfDay(iso: string, timeZone: string): string {
  return dayjs(iso).tz(timeZone).format('h:mm A');
}

/** The zone's short name at an instant, e.g. "CDT" or "GMT+2". */
export function zoneAbbreviation(timeZone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    return parts.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
