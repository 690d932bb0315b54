import { progressTable } from '../../../shared/checkout/progress-table';
import { routes } from '../../../shared/checkout/routes';
import { stageOfRoute } from '../../../shared/checkout/stage-of-route';
import type { CheckoutStage } from '../../../shared/checkout/stages';
import { confirmsDoctor, type VisitType } from '../../../shared/checkout/visit-type';

export interface CheckoutStep {
  /** The progress value of spec §2's flow table (1 to 5). */
  progress: number;
  title: string;
}

/** Which progress value (spec §2 flow table) each stage's pages belong to. */
const progressOfStage: Record<CheckoutStage, number> = {
  Consult: 1,
  Shipping: 2,
  Pharmacy: 2,
  Scheduling: 3,
  Register: 4,
  Payment: 4,
};

function titleOf(progress: number, visitType: VisitType): string {
  switch (progress) {
    case 1:
      return 'Consultation';
    case 2:
      return 'Shipping';
    case 3:
      return confirmsDoctor(visitType) ? 'Doctor' : 'Visit';
    case 4:
      return 'Payment';
    default:
      return 'Confirmation';
  }
}

/**
 * The steps shown for an order: the rows of the flow table (progress 1 to 5) whose stages the
 * order requires; shipping, payment and confirmation always.
 */
export function checkoutSteps(
  requiredStages: readonly CheckoutStage[],
  visitType: VisitType,
): CheckoutStep[] {
  const needed = new Set(requiredStages.map((stage) => progressOfStage[stage]));
  needed.add(2);
  needed.add(4);
  needed.add(5);
  return progressTable
    .filter((row) => row.progress > 0 && needed.has(row.progress))
    .map((row) => ({ progress: row.progress, title: titleOf(row.progress, visitType) }));
}

/** The progress value of a page: its stage's row, 5 on the order confirmation. */
export function progressOfRoute(path: string): number | null {
  if (path.startsWith(routes.orderConfirmation)) return 5;
  const stage = stageOfRoute(path);
  return stage === null ? null : progressOfStage[stage];
}
