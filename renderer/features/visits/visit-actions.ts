import { linkRoutes, routes } from '../../../shared/checkout/routes';
import type { VisitData } from '../../../shared/contracts/visits';
import { roomIsOpen } from './visit-labels';

/** The visit actions of spec §2, by their labels. */
export type VisitActionLabel =
  | 'START VISIT'
  | 'RESCHEDULE VISIT'
  | 'SCHEDULE VISIT'
  | 'VISIT DETAILS';

export interface VisitAction {
  label: VisitActionLabel;
  href: string;
  primary: boolean;
}

const withOrder = (path: string, orderId: string) =>
  `${path}?orderId=${encodeURIComponent(orderId)}`;

/**
 * What a patient may do with a visit now: START VISIT while its room is open; RESCHEDULE VISIT
 * before it begins; SCHEDULE VISIT (a new time) once missed; VISIT DETAILS always.
 */
export function visitActions(visit: VisitData, now: Date): VisitAction[] {
  const actions: VisitAction[] = [];
  const page = withOrder(routes.patientVisit, visit.orderId);
  const reschedule = withOrder(linkRoutes.rescheduleVisit, visit.orderId);
  // A phone visit (type 2) has no room: the doctor calls.
  if (visit.visitType !== 2 && roomIsOpen(visit, now)) {
    actions.push({ label: 'START VISIT', href: page, primary: true });
  }
  if (visit.status === 'scheduled' || visit.status === 'waiting') {
    actions.push({ label: 'RESCHEDULE VISIT', href: reschedule, primary: false });
  }
  if (visit.status === 'missed') {
    actions.push({ label: 'SCHEDULE VISIT', href: reschedule, primary: true });
  }
  const details = visit.status === 'ended' ? withOrder(routes.endedVisit, visit.orderId) : page;
  actions.push({ label: 'VISIT DETAILS', href: details, primary: false });
  return actions;
}
