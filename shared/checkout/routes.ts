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

/** The internal client-IP endpoint of spec §2 (an API path, not a screen). */
export const clientIpEndpoint = '/api/getClientIp';
