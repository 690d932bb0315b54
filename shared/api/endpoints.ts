import type { ApiFamily } from './bases';

/**
 * The endpoint paths of spec §7, each under its family's base (DESIGN §3).
 * Paths keep the spec's names; `{id}`-style parts are filled by `endpointPath`.
 */
export const endpoints = {
  // Auth
  accessToken: { family: 'auth', path: 'AccessTokenSfrw' },
  logout: { family: 'auth', path: 'LogoutSfrw' },
  sendLoginOtp: { family: 'auth', path: 'SendLoginOtp' },
  verifyLoginOtp: { family: 'auth', path: 'VerifyLoginOtp' },
  resetPassword: { family: 'auth', path: 'ResetPassword' },
  resetPasswordEmail: { family: 'auth', path: 'ResetPasswordEmail' },
  validateToken: { family: 'auth', path: 'ValidateTokenSfrw' },
  guestToken: { family: 'auth', path: 'AccessTokenAdmin' },

  // User (the user-service base)
  sessionInit: { family: 'user', path: 'User/InsertQueryStringIntoSessionGUIDRequest' },
  register: { family: 'user', path: 'Register' },
  // Ours: a code to the email that registration needs (the address proven before the account).
  sendRegistrationCode: { family: 'user', path: 'SendRegistrationCode' },
  validateIntakeByPeopleId: { family: 'user', path: 'ValidateIntakeByPeopleId' },
  registerIntakeByEmail: { family: 'user', path: 'RegisterIntakeByEmail' },
  registerWithOtp: { family: 'user', path: 'RegisterWithOtp' },
  registerJoinTheMovement: { family: 'user', path: 'RegisterJTM' },
  userInfo: { family: 'user', path: 'User/UserInfo' },
  updateUserInfo: { family: 'user', path: 'User/UpdateUserInfo' },
  updatePassword: { family: 'user', path: 'User/UpdatePassword' },
  passwordLastUpdated: { family: 'user', path: 'User/PasswordLastUpdated' },
  // Ours: the patient's "my medications" list (GET, PUT).
  medications: { family: 'user', path: 'User/Medications' },
  // Ours: end every session of the account but this one.
  signOutOtherDevices: { family: 'user', path: 'User/SignOutOtherDevices' },
  cartAddToCart: { family: 'user', path: 'Cart/AddToCart' },
  cartItems: { family: 'user', path: 'Cart/GetItemsInCart' },
  cartChangeQuantity: { family: 'user', path: 'Cart/ChangeProductQuantity' },
  cartApplyPromoCode: { family: 'user', path: 'Cart/ApplyPromoCode' },
  cartPromoCodeDiscount: { family: 'user', path: 'Cart/GetPromoCodeDiscount' },
  cartRemovePromoCode: { family: 'user', path: 'Cart/RemovePromoCode' },
  labs: { family: 'user', path: 'HealthRecord/labs' },
  // Ours: a lab's requisition and results, as PDF downloads.
  labRequisition: { family: 'user', path: 'HealthRecord/labs/{labId}/requisition' },
  labResults: { family: 'user', path: 'HealthRecord/labs/{labId}/results' },
  documents: { family: 'user', path: 'Documents/' },

  // Order
  orderAddToCart: { family: 'order', path: 'Order/AddToCart' },
  previousOrders: { family: 'order', path: 'GetPreviousOrders' },
  recentOrders: { family: 'order', path: 'GetRecentOrders' },
  recentOrdersV2: { family: 'order', path: 'v2/recent-orders' },
  reorderProduct: { family: 'order', path: 'ReOrderProduct' },
  scheduledTime: { family: 'order', path: 'GetScheduledTime' },
  autoRefill: { family: 'order', path: 'AutoRefill' },
  autoRefillV2: { family: 'order', path: 'storefronts/{storefrontId}/autorefills' },
  orderDetails: { family: 'order', path: 'GetOrderDetails' },
  orderDetailsForOrder: { family: 'order', path: 'GetOrderDetailsForOrder' },
  orderDetailsForReceipt: { family: 'order', path: 'GetOrderDetailsForCustomerReceipt' },
  checkoutProgress: { family: 'order', path: 'GetCheckOutProgress' },
  autoRefillEligibleOrders: { family: 'order', path: 'GetARFElligibleOrders' },
  activateAutoRefill: { family: 'order', path: 'ActivateAutoRefillForProduct' },
  welcomeScreenVisit: { family: 'order', path: 'WelcomeScreenVisit' },
  missedScheduledVisit: { family: 'order', path: 'GetMissedScheduledVisit' },
  rescheduleDoctor: { family: 'order', path: 'RescheduleDoctorForRecentOrder' },
  visitAboutToStart: { family: 'order', path: 'VisitAboutToStartDetails' },
  pharmaciesMap: { family: 'order', path: 'GetPharmaciesMap' },
  pharmacyList: { family: 'order', path: 'GetPharmacyList' },
  addPatientPharmacy: { family: 'order', path: 'AddPatientPharmacyToOrder' },
  // Ours: choosing a listed pharmacy, or the storefront's own (the logged-in acceptinternal).
  selectPharmacy: { family: 'order', path: 'SelectPharmacy' },
  acceptInternalPharmacy: { family: 'order', path: 'AcceptInternalPharmacy' },
  phoneOrder: { family: 'order', path: 'PhoneOrder' },
  checkoutRedirect: { family: 'order', path: 'CheckoutRedirect' },
  prescriberInfo: { family: 'order', path: 'PrescriberInfo' },
  // Ours: the consult questionnaire (GET with ?orderId=, POST the answers)
  questionnaire: { family: 'order', path: 'Questionnaire' },

  // Order address
  doctors: { family: 'order', path: 'GetDoctors' },
  addShippingAddress: { family: 'order', path: 'AddShippingAddress' },
  useShippingAddress: { family: 'order', path: 'UseShippingAddress' },
  doctorBio: { family: 'order', path: 'GetDoctorBio' },
  savedAddresses: { family: 'order', path: 'GetSavedAddresses' },
  selectDoctor: { family: 'order', path: 'SelectDoctor' },
  shippingAddressesAndMethods: { family: 'order', path: 'ShippingAddressesAndMethods' },
  doctorsByOrderId: { family: 'order', path: 'GetDoctorsByOrderId' },
  // Ours: a doctor's free visit times, shown in the patient's time zone.
  doctorSlots: { family: 'order', path: 'GetDoctorSlots' },

  // User: the patient's documents (spec §7 "Documents/").
  document: { family: 'user', path: 'Documents/{documentId}' },
  // Ours: an image of the document a browser can show (a HEIC photo's as a JPEG).
  documentPreview: { family: 'user', path: 'Documents/{documentId}/preview' },

  // Visit
  saveDoctorRating: { family: 'visit', path: 'SaveDoctorRating' },
  patientVisit: { family: 'visit', path: 'PatientVisit' },
  // Ours: the patient's visits, newest first (the account's Visits tab).
  patientVisits: { family: 'visit', path: 'PatientVisits' },
  // Ours: an emailed reschedule link's visit, doctors and new time (the link is the credential).
  rescheduleLink: { family: 'visit', path: 'Reschedulings/{token}' },
  // Ours: the visit room's signalling WebSocket (the first message carries the token).
  visitRoom: { family: 'visit', path: 'PatientVisit/room' },

  // Guest orders
  guestOrders: { family: 'guestOrders', path: '' },
  guestOrderCurrent: { family: 'guestOrders', path: 'current' },
  guestOrderItems: { family: 'guestOrders', path: 'current/items' },
  guestOrderDoctors: { family: 'guestOrders', path: 'current/getdoctors' },
  guestOrderDoctor: { family: 'guestOrders', path: 'current/doctor' },
  guestOrderPharmacyMap: { family: 'guestOrders', path: 'current/getpharmacymap' },
  guestOrderPharmacy: { family: 'guestOrders', path: 'current/pharmacy' },
  guestOrderAcceptInternalPharmacy: {
    family: 'guestOrders',
    path: 'current/pharmacy/acceptinternal',
  },
  guestOrderCarrier: { family: 'guestOrders', path: 'current/carrier' },
  guestOrderCoupon: { family: 'guestOrders', path: 'current/coupon' },

  // Payment
  payNow: { family: 'payment', path: 'PayNow' },
  cardFields: { family: 'payment', path: 'CardFields' },
  paymentMethods: { family: 'payment', path: 'PaymentMethods' },
  allPaymentMethods: { family: 'payment', path: 'AllPaymentMethods' },
  updateShippingFee: { family: 'payment', path: 'UpdateShippingFee' },
  addCard: { family: 'payment', path: 'AddCard' },
  updateCard: { family: 'payment', path: 'UpdateCard' },
  updateCurrentCard: { family: 'payment', path: 'UpdateCurrentCard' },
  removeCard: { family: 'payment', path: 'RemoveCard' },
  activeAutoRefills: { family: 'payment', path: 'ActiveAutoRefills' },
  updateShipSettings: { family: 'payment', path: 'UpdateShipSettings' },
  productShippingMethods: { family: 'payment', path: 'GetProductWiseShippingMethodsWithState' },
  deactivateAutoRefill: { family: 'payment', path: 'DeactivateAutoRefillForProduct' },
  // Ours: pause or resume an auto-refill.
  pauseAutoRefill: { family: 'payment', path: 'PauseAutoRefill' },
  addNewOrSwitchCard: { family: 'payment', path: 'AddNewOrSwitchCard' },
  editShippingAddress: { family: 'payment', path: 'EditShippingAddress' },
  // Ours: a patient's saved addresses, removed or made the default.
  removeSavedAddress: { family: 'order', path: 'RemoveSavedAddress' },
  setDefaultAddress: { family: 'order', path: 'SetDefaultAddress' },
  // Ours: a phone order's payment link, paid by the patient without an account session.
  paymentLink: { family: 'payment', path: 'links/{token}' },
  paymentLinkPay: { family: 'payment', path: 'links/{token}/pay' },

  // Staff (ours): an agent builds a phone order's cart for a patient.
  // Ours: the doctor's visits in the console.
  staffVisits: { family: 'staff', path: 'visits' },
  staffVisit: { family: 'staff', path: 'visits/{orderId}' },
  staffVisitStart: { family: 'staff', path: 'visits/{orderId}/start' },
  staffVisitNotes: { family: 'staff', path: 'visits/{orderId}/notes' },
  staffVisitEnd: { family: 'staff', path: 'visits/{orderId}/end' },
  // Ours: labs. The doctor orders them for a visit's patient; staff record the sample and
  // the results (a PDF, or values the server renders to one) and download both PDFs.
  staffVisitLabs: { family: 'staff', path: 'visits/{orderId}/labs' },
  staffPatientLabs: { family: 'staff', path: 'patients/{userId}/labs' },
  staffLabCollected: { family: 'staff', path: 'labs/{labId}/collected' },
  staffLabResults: { family: 'staff', path: 'labs/{labId}/results' },
  staffLabResultsFile: { family: 'staff', path: 'labs/{labId}/results/file' },
  staffLabRequisition: { family: 'staff', path: 'labs/{labId}/requisition' },
  // Ours: an ECP attaches a document to a patient they registered.
  staffIntakeDocuments: { family: 'staff', path: 'intake/patients/{patientId}/documents' },
  staffPhoneOrders: { family: 'staff', path: 'phone-orders' },
  staffPhoneOrderItems: { family: 'staff', path: 'phone-orders/{orderId}/items' },
  staffPhoneOrderPromo: { family: 'staff', path: 'phone-orders/{orderId}/promo' },

  // Config (the config-service base)
  phoneAndEmail: { family: 'config', path: 'Storefront/GetPhoneAndEmail' },
  taxSettings: { family: 'config', path: 'Storefront/GetTaxSettings' },
  applicationSettings: { family: 'config', path: 'Storefront/{storefrontId}/applicationsettings' },
  consents: { family: 'config', path: 'v1/consents' },
  // Ours: a patient accepts consents (version and time kept), and reads what they accepted.
  acceptConsents: { family: 'config', path: 'v1/consents/accept' },
  acceptedConsents: { family: 'config', path: 'v1/consents/accepted' },
  publicConfig: { family: 'config', path: 'public' },

  // Relative (catalog, states)
  productAndConsultPrice: { family: 'relative', path: 'Product/GetProductandConsultPrice' },
  productShippingStates: { family: 'relative', path: 'Product/GetProductShippingStates' },
  states: { family: 'relative', path: 'State/GetStates' },
  // Ours: the medication search of spec §9
  medicationSearch: { family: 'relative', path: 'Product/SearchMedications' },

  // Ours
  clientIp: { family: 'root', path: 'getClientIp' },
  health: { family: 'root', path: 'health' },
} as const satisfies Record<string, { family: ApiFamily; path: string }>;

export type EndpointName = keyof typeof endpoints;

/** The path of an endpoint below its base, with `{name}` parts filled in (URI-encoded). */
export function endpointPath(
  name: EndpointName,
  params: Record<string, string | number> = {},
): string {
  return endpoints[name].path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${name}`);
    return encodeURIComponent(String(value));
  });
}
