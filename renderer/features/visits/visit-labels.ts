import type { VisitData, VisitStatusValue } from '../../../shared/contracts/visits';

/** How each visit status reads on a screen. */
export const visitStatusLabels: Record<VisitStatusValue, string> = {
  scheduled: 'Scheduled',
  waiting: 'Patient in waiting room',
  'in-progress': 'In progress',
  ended: 'Ended',
  missed: 'Missed',
  cancelled: 'Cancelled',
};

export const visitOutcomeLabels = {
  approved: 'Prescription approved',
  declined: 'Prescription declined',
  'no-show': 'Patient did not show',
} as const;

/** Whether the room is open at `now` (the server checks again on joining). */
export function roomIsOpen(visit: VisitData, now: Date): boolean {
  if (visit.status === 'in-progress') return true;
  if (visit.status !== 'scheduled' && visit.status !== 'waiting') return false;
  return now >= new Date(visit.joinOpensAt) && now <= new Date(visit.joinClosesAt);
}
