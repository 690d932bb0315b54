import { type RoutePath, routes } from './routes';
import { confirmsDoctor, type VisitType } from './visit-type';

export interface ProgressRow {
  readonly progress: number;
  /** The page label of the spec's flow table. */
  readonly page: string;
  /** The pages it leads to, in order (empty at the end of the flow). */
  readonly leadsTo: readonly RoutePath[];
  /** Where visit type 3 differs from types 1 and 2. */
  readonly leadsToForVisitType3?: readonly RoutePath[];
}

/**
 * The flow table of spec §2 (progress 0 to 5). The API reports progress values up to 9,
 * but the spec does not show their mapping, so they are deliberately absent here.
 */
export const progressTable: readonly ProgressRow[] = [
  { progress: 0, page: 'start', leadsTo: [routes.preQuestionnaire] },
  { progress: 1, page: 'pre-questionnaire', leadsTo: [routes.questionnaire] },
  { progress: 2, page: 'pre-shipping', leadsTo: [routes.shippingDetails] },
  {
    progress: 3,
    page: 'doctor confirmation',
    leadsTo: [routes.preScheduling, routes.scheduleVisit],
    leadsToForVisitType3: [routes.doctorConfirmation],
  },
  { progress: 4, page: 'pre-payment', leadsTo: [routes.summary] },
  { progress: 5, page: 'order confirmation', leadsTo: [] },
];

export function progressRow(progress: number): ProgressRow | undefined {
  return progressTable.find((row) => row.progress === progress);
}

/** Every page a progress value leads to, in order; empty at the end or for an unknown value. */
export function pagesForProgress(progress: number, visitType: VisitType): readonly RoutePath[] {
  const row = progressRow(progress);
  if (row === undefined) return [];
  return confirmsDoctor(visitType) && row.leadsToForVisitType3 !== undefined
    ? row.leadsToForVisitType3
    : row.leadsTo;
}

/**
 * The page a progress value leads to next, or `null` at the end of the flow (5) and for
 * values the table does not cover, where the caller falls back to the first pending stage.
 */
export function nextPageForProgress(progress: number, visitType: VisitType): RoutePath | null {
  return pagesForProgress(progress, visitType)[0] ?? null;
}
