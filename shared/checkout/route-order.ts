import { routes } from './routes';
import { normalizePath, stageOfRoute } from './stage-of-route';
import { type CheckoutStage, compareStages, sortStages } from './stages';

export interface RouteOrderInput {
  readonly path: string;
  /** The order's pending stages, in any order. */
  readonly pending: readonly CheckoutStage[];
}

/**
 * True when a page is opened ahead of the flow: its stage comes after the first pending
 * stage, or it is the order confirmation while stages are still pending. Pages of earlier
 * (completed) stages stay reachable so a shopper can go back and edit.
 */
export function isRouteAheadOfFlow(input: RouteOrderInput): boolean {
  const [firstPending] = sortStages(input.pending);
  if (firstPending === undefined) return false;
  if (normalizePath(input.path) === routes.orderConfirmation) return true;
  const stage = stageOfRoute(input.path);
  return stage !== null && compareStages(stage, firstPending) > 0;
}
