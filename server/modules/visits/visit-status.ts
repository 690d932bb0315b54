import { fail } from '../../../shared/errors/app-error';
import type { VisitStatus } from '../../db/schema/visits';

/**
 * Every visit status and where it may go next: the one place that says so. A reschedule puts
 * a scheduled, waiting or missed visit back to scheduled at its new time.
 */
export const visitTransitions: Record<VisitStatus, readonly VisitStatus[]> = {
  scheduled: ['waiting', 'in-progress', 'ended', 'missed', 'cancelled', 'scheduled'],
  waiting: ['scheduled', 'in-progress', 'ended', 'missed', 'cancelled'],
  'in-progress': ['ended', 'cancelled'],
  ended: [],
  missed: ['scheduled', 'cancelled'],
  cancelled: [],
};

export function canMoveVisit(from: VisitStatus, to: VisitStatus): boolean {
  return visitTransitions[from].includes(to);
}

export function assertVisitMove(from: VisitStatus, to: VisitStatus, message: string): void {
  if (!canMoveVisit(from, to)) throw fail.conflict(message);
}
