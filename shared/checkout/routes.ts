/** Every route of spec §2, the one list the apps, the router and the tests use. */
export const routes = {
  home: '/',
  register: '/register',
  myAccount: '/my-account',
  orderDetails: '/order-details',
  disqualified: '/disqualified',
  preQuestionnaire: '/checkout/pre-questionnaire',
  questionnaire: '/checkout/questionnaire/1',
  preShipping: '/checkout/pre-shipping',
  shippingDetails: '/checkout/shipping-details',
  preScheduling: '/checkout/pre-scheduling',
  scheduleVisit: '/checkout/schedule-visit',
  preDoctorConfirmation: '/checkout/pre-doctor-confirmation',
  doctorConfirmation: '/checkout/doctor-confirmation',
  summary: '/checkout/summary',
  patientVisit: '/checkout/patient-visit',
  prePayment: '/checkout/pre-payment',
  orderConfirmation: '/checkout/order-confirmation',
  endedVisit: '/checkout/ended-visit',
  pharmacyMap: '/checkout/pharmacy-map',
  pharmacySearch: '/checkout/pharmacy-search',
  pharmacyOptions: '/checkout/pharmacy-options',
  greeting: '/checkout/greeting',
} as const;

export type RouteName = keyof typeof routes;
export type RoutePath = (typeof routes)[RouteName];

/**
 * Pages of ours that the links we send open (besides the routes of spec §2): the server
 * builds the links with these, the web app routes them.
 */
export const linkRoutes = {
  resetPassword: '/reset-password',
  payLink: '/pay',
  /** A missed or coming visit moved to another time (the spec §9 "reschedulings" path). */
  rescheduleVisit: '/reschedulings',
  /** VIEW MY LABS, and the link of a new result's notice: the account's Labs section. */
  myLabs: '/my-account?tab=labs',
} as const;

/** The public address of a page a link opens: `publicUrl` + path (+ query). */
export function linkTo(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}
