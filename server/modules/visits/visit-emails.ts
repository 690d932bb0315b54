import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { linkRoutes, linkTo, routes } from '../../../shared/checkout/routes';
import { timeZoneOfState } from '../../../shared/time/state-time-zones';
import type { AppConfig } from '../../config';
import type { OutgoingMessage } from '../../integrations/notifier/notifier';
import { doctorName } from '../scheduling/doctor-queries';
import { rescheduleToken } from './reschedule-link';
import { patientStateOf, type VisitRow } from './visit-queries';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What the links of these messages are made of. */
type LinkConfig = Pick<AppConfig, 'publicUrl' | 'serverSecret'>;

/** The visit's time as the patient reads it: their shipping state's zone, named. */
export function patientWallTime(row: VisitRow): string {
  const zone = timeZoneOfState(patientStateOf(row));
  return dayjs(row.slot.startsAt).tz(zone).format('dddd, MMMM D [at] h:mm A z');
}

const withOrder = (path: string, orderId: string) =>
  `${path}?orderId=${encodeURIComponent(orderId)}`;

/** The visit page, where the patient waits for and meets the doctor (sign-in first). */
export function visitLink(publicUrl: string, orderId: string): string {
  return linkTo(publicUrl, withOrder(routes.patientVisit, orderId));
}

/** Where the patient books another time for the visit: a signed link, no sign-in needed. */
export function rescheduleLink(config: LinkConfig, orderId: string): string {
  const token = rescheduleToken(config.serverSecret, orderId);
  return linkTo(config.publicUrl, `${linkRoutes.rescheduleVisit}/${token}`);
}

/** After the doctor ended the visit: what was decided and what comes next. */
export function visitOutcomeEmail(config: LinkConfig, to: string, row: VisitRow): OutgoingMessage {
  const doctor = doctorName(row.doctor);
  const order = row.order.orderNumber ?? '';
  const lines: Record<string, string[]> = {
    approved: [
      `${doctor} approved your prescription (order ${order}).`,
      'Your order now goes to the pharmacy; we will email you when it ships.',
    ],
    declined: [
      `${doctor} did not approve the prescription of order ${order}.`,
      'Your order has been cancelled. Our care team will contact you about your refund.',
    ],
    'no-show': [
      `We missed you at your visit with ${doctor} (order ${order}).`,
      `Book another time: ${rescheduleLink(config, row.order.id)}`,
    ],
  };
  const outcome = row.visit.outcome ?? 'no-show';
  const body = [...(lines[outcome] ?? [])];
  if (outcome !== 'no-show') {
    const rating = linkTo(config.publicUrl, withOrder(routes.endedVisit, row.order.id));
    body.push('', `Rate your visit: ${rating}`);
  }
  return {
    channel: 'email',
    to,
    subject: outcome === 'no-show' ? 'We missed you at your visit' : 'Your visit summary',
    body: body.join('\n'),
  };
}

/** When nobody started the visit in time: how to book another. */
export function missedVisitEmail(config: LinkConfig, to: string, row: VisitRow): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: 'We missed you at your visit',
    body: [
      `Your visit with ${doctorName(row.doctor)} on ${patientWallTime(row)} did not take place.`,
      `Book another time: ${rescheduleLink(config, row.order.id)}`,
    ].join('\n'),
  };
}

/** The reminders, a day and a quarter of an hour before. */
export function visitReminder(
  config: LinkConfig,
  channel: 'email' | 'sms',
  to: string,
  row: VisitRow,
  when: 'day' | 'soon',
): OutgoingMessage {
  const doctor = doctorName(row.doctor);
  const link = visitLink(config.publicUrl, row.order.id);
  const text =
    when === 'day'
      ? `Reminder: your video visit with ${doctor} is ${patientWallTime(row)}. Join here: ${link}\nCannot make it? Choose another time: ${rescheduleLink(config, row.order.id)}`
      : `Your video visit with ${doctor} starts in 15 minutes. Join now: ${link}`;
  return {
    channel,
    to,
    subject: when === 'day' ? 'Your visit is tomorrow' : 'Your visit starts soon',
    body: text,
  };
}
