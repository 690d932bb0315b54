import { linkRoutes, routes } from './routes';

/**
 * Which page draws each path of the patient app but home (home is in the first bundle): its
 * module under web/pages/, without the extension. The router loads the page by it, and the
 * server puts what that page's module imports in the index.html of its path, so that a first
 * visit fetches it at once (server/modules/web-shell/page-preloads.ts). `*` is every other path.
 */
export const pageModuleOfPath = {
  [routes.register]: 'register-page',
  [routes.myAccount]: 'my-account-page',
  [routes.orderDetails]: 'order-details-page',
  '/products/:productId': 'product-page',
  '/donations': 'donations-page',
  [linkRoutes.resetPassword]: 'reset-password-page',
  [`${linkRoutes.payLink}/:token` as const]: 'pay-link-page',
  [linkRoutes.rescheduleVisit]: 'reschedule-visit-page',
  [`${linkRoutes.rescheduleVisit}/:token` as const]: 'reschedule-visit-page',
  [routes.disqualified]: 'checkout/disqualified-page',
  [routes.preQuestionnaire]: 'checkout/pre-questionnaire-page',
  [routes.questionnaire]: 'checkout/questionnaire-page',
  [routes.preShipping]: 'checkout/pre-shipping-page',
  [routes.shippingDetails]: 'checkout/shipping-details-page',
  [routes.pharmacyOptions]: 'checkout/pharmacy-options-page',
  [routes.pharmacySearch]: 'checkout/pharmacy-search-page',
  [routes.pharmacyMap]: 'checkout/pharmacy-map-page',
  [routes.preScheduling]: 'checkout/pre-scheduling-page',
  [routes.scheduleVisit]: 'checkout/schedule-visit-page',
  [routes.preDoctorConfirmation]: 'checkout/pre-doctor-confirmation-page',
  [routes.doctorConfirmation]: 'checkout/doctor-confirmation-page',
  [routes.greeting]: 'checkout/greeting-page',
  [routes.prePayment]: 'checkout/pre-payment-page',
  [routes.summary]: 'checkout/summary-page',
  [routes.orderConfirmation]: 'checkout/order-confirmation-page',
  [routes.patientVisit]: 'checkout/patient-visit-page',
  [routes.endedVisit]: 'checkout/ended-visit-page',
  '*': 'not-found-page',
} as const satisfies Record<string, string>;

export type PagePath = keyof typeof pageModuleOfPath;

/**
 * The page path (a key of pageModuleOfPath) a URL's path opens, as the router matches it: by
 * segments, `:name` standing for any one segment, letters in any case, a trailing slash
 * ignored; `*` when no other matches.
 */
export function pagePathOf(urlPath: string): PagePath {
  const segments = segmentsOf(urlPath);
  for (const path of Object.keys(pageModuleOfPath) as PagePath[]) {
    if (path !== '*' && matches(segmentsOf(path), segments)) return path;
  }
  return '*';
}

const segmentsOf = (path: string) =>
  path
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '');

function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, i) => part.startsWith(':') || part === segments[i])
  );
}
