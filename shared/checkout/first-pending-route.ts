import type { ApplicationSettingsData } from '../contracts/config';
import { type RoutePath, routes } from './routes';
import { assertNever, type CheckoutStage, sortStages } from './stages';
import { confirmsDoctor, type VisitType } from './visit-type';

/** The optional intro pages a storefront can switch on; each defaults to off when missing. */
export interface DisplayPages {
  readonly preQuestionnaire?: boolean | undefined;
  readonly preShipping?: boolean | undefined;
  readonly preDoctorConfirmation?: boolean | undefined;
  readonly preScheduling?: boolean | undefined;
  readonly greeting?: boolean | undefined;
  readonly prePayment?: boolean | undefined;
}

/** The storefront's optional intro pages, as its application settings (spec §3) name them. */
export function displayPagesOf(settings: ApplicationSettingsData | undefined): DisplayPages {
  return {
    preQuestionnaire: settings?.ShowPreQuestionnairePage,
    preShipping: settings?.ShowPreShippingPage,
    preDoctorConfirmation: settings?.ShowPreDoctorConfirmationPage,
    preScheduling: settings?.ShowPreSchedulingPage,
    greeting: settings?.ShowGreetingPage,
    prePayment: settings?.ShowPrePaymentPage,
  };
}

/** Spec §2 "Routing after an order loads", for one stage. */
export function routeForStage(
  stage: CheckoutStage,
  displayPages: DisplayPages,
  visitType: VisitType,
): RoutePath {
  switch (stage) {
    case 'Consult':
      return displayPages.preQuestionnaire === true
        ? routes.preQuestionnaire
        : routes.questionnaire;
    case 'Shipping':
    case 'Pharmacy':
      return displayPages.preShipping === true ? routes.preShipping : routes.shippingDetails;
    case 'Scheduling':
      if (confirmsDoctor(visitType)) {
        return displayPages.preDoctorConfirmation === true
          ? routes.preDoctorConfirmation
          : routes.doctorConfirmation;
      }
      return displayPages.preScheduling === true ? routes.preScheduling : routes.scheduleVisit;
    case 'Register':
      return routes.register;
    case 'Payment':
      if (displayPages.greeting === true) return routes.greeting;
      return displayPages.prePayment === true ? routes.prePayment : routes.summary;
    default:
      return assertNever(stage);
  }
}

export interface FirstPendingRouteInput {
  /** Pending stages; they are sorted here, so any order will do. */
  readonly pending: readonly CheckoutStage[];
  readonly displayPages: DisplayPages;
  readonly visitType: VisitType;
}

/** Where a loaded order goes: the first pending stage's page, or order confirmation. */
export function firstPendingRoute(input: FirstPendingRouteInput): RoutePath {
  const [first] = sortStages(input.pending);
  if (first === undefined) return routes.orderConfirmation;
  return routeForStage(first, input.displayPages, input.visitType);
}

export interface OrderRouteInput extends FirstPendingRouteInput {
  /** The order's status: a disqualified order has a page of its own. */
  readonly status: string;
  readonly itemCount: number;
}

/**
 * Where a loaded order goes, the web app's checkout and the server's GetCheckOutProgress
 * alike: /disqualified for a disqualified order, home for an empty one, else the first pending
 * stage's page (or the order confirmation when nothing is pending).
 */
export function orderNextRoute(input: OrderRouteInput): RoutePath {
  if (input.status === 'disqualified') return routes.disqualified;
  if (input.itemCount === 0) return routes.home;
  return firstPendingRoute(input);
}
