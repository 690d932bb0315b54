import {
  type DisplayPages,
  orderNextRoute,
  routeForStage,
} from '../../shared/checkout/first-pending-route';
import { orderPendingStages } from '../../shared/checkout/pending-stages';
import { pagesForProgress } from '../../shared/checkout/progress-table';
import { isRouteAheadOfFlow } from '../../shared/checkout/route-order';
import { type RoutePath, routes } from '../../shared/checkout/routes';
import { stagesFromBits } from '../../shared/checkout/stage-bits';
import { normalizePath, stageOfRoute } from '../../shared/checkout/stage-of-route';
import type { CheckoutStage } from '../../shared/checkout/stages';
import { confirmsDoctor, isVisitType, type VisitType } from '../../shared/checkout/visit-type';
import type { OrderData } from '../../shared/contracts/orders';

/** What the checkout knows about an order once it has loaded. */
export interface OrderFlow {
  pending: CheckoutStage[];
  /** The stages the order requires (Register included while signed out). */
  required: CheckoutStage[];
  visitType: VisitType;
  /** Spec §2: the first pending stage's page, /disqualified, home for an empty order, or
   * the order confirmation when nothing is pending. */
  next: RoutePath;
}

export function visitTypeOf(order: OrderData): VisitType {
  const type = order.visit?.type;
  return isVisitType(type) ? type : 1;
}

/** Spec §4 and §2 through shared/checkout: pending = required - completed (+ Register without a
 * login token), sorted, and the first one's page with the storefront's display pages. */
export function orderFlow(
  order: OrderData,
  displayPages: DisplayPages,
  hasLoginToken: boolean,
): OrderFlow {
  const pending = orderPendingStages({ items: order.items, hasLoginToken });
  const visitType = visitTypeOf(order);
  const required = stagesFromBits(order.items.reduce((bits, i) => bits | i.checkoutStages, 0));
  if (!hasLoginToken) required.push('Register');
  const next = orderNextRoute({
    status: order.status,
    itemCount: order.items.length,
    pending,
    displayPages,
    visitType,
  });
  return { pending, required, visitType, next };
}

/**
 * Where a checkout page opened by URL must send the buyer instead, or null to stay. A page
 * ahead of the flow goes to the stage that is really next; pages of completed stages stay
 * reachable to go back and edit (shared/checkout isRouteAheadOfFlow), but not pages of stages
 * the order does not have, nor the scheduling pages of the other visit type.
 */
export function redirectFor(
  path: string,
  flow: OrderFlow,
  displayPages: DisplayPages,
): RoutePath | null {
  const here = normalizePath(path);
  if (flow.next === routes.disqualified || flow.next === routes.home) {
    return here === flow.next ? null : flow.next;
  }
  if (isRouteAheadOfFlow({ path: here, pending: flow.pending })) return flow.next;
  const stage = stageOfRoute(here);
  if (stage === null) return null;
  const has = (s: CheckoutStage) => flow.required.includes(s);
  const belongs =
    stage === 'Pharmacy' || stage === 'Shipping'
      ? has('Shipping') || has('Pharmacy')
      : has(stage) || stage === 'Payment';
  if (!belongs) return flow.next;
  if (stage === 'Pharmacy' && !has('Pharmacy')) return flow.next;
  if (stage === 'Scheduling') {
    const confirmPage = here === routes.preDoctorConfirmation || here === routes.doctorConfirmation;
    if (confirmPage !== confirmsDoctor(flow.visitType)) {
      return routeForStage('Scheduling', displayPages, flow.visitType);
    }
  }
  return null;
}

/**
 * The page an intro page's continue button leads to (the flow table of spec §2: each pre-page
 * leads to its stage's page). Shipping and Pharmacy share their pages: once the shipping is
 * saved, the pharmacy is chosen next.
 */
export function pageAfterIntro(
  intro: RoutePath,
  flow: OrderFlow,
  displayPages: DisplayPages,
): RoutePath {
  switch (intro) {
    case routes.preQuestionnaire:
      return pagesForProgress(1, flow.visitType)[0] ?? routes.questionnaire;
    case routes.preShipping:
      return flow.pending.includes('Shipping') || !flow.pending.includes('Pharmacy')
        ? (pagesForProgress(2, flow.visitType)[0] ?? routes.shippingDetails)
        : routes.pharmacyOptions;
    case routes.preScheduling:
      return routes.scheduleVisit;
    case routes.preDoctorConfirmation:
      return pagesForProgress(3, 3)[0] ?? routes.doctorConfirmation;
    case routes.greeting:
      return displayPages.prePayment === true ? routes.prePayment : routes.summary;
    case routes.prePayment:
      return pagesForProgress(4, flow.visitType)[0] ?? routes.summary;
    default:
      return flow.next;
  }
}

/**
 * Where to go after a step is saved: the first pending stage's page, except that leaving the
 * shipping pages with the pharmacy still to choose goes to the pharmacy options (the spec routes
 * both stages to the shipping pages, so the next page there is the pharmacy's).
 */
export function pageAfterStep(from: string | null, flow: OrderFlow): RoutePath {
  const [first] = flow.pending;
  const here = from === null ? null : normalizePath(from);
  const fromShipping = here === routes.shippingDetails || here === routes.preShipping;
  if (first === 'Pharmacy' && fromShipping) return routes.pharmacyOptions;
  return flow.next;
}
