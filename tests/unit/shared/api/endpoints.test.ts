import { describe, expect, it } from 'vitest';
import { basesAt, defaultBasePaths, joinUrl } from '../../../../shared/api/bases';
import { endpointPath, endpoints } from '../../../../shared/api/endpoints';

const bases = basesAt('');
const urlOf = (name: keyof typeof endpoints, params?: Record<string, string | number>) =>
  joinUrl(bases[endpoints[name].family], endpointPath(name, params));

describe('endpoint paths under the bases of DESIGN §3', () => {
  it.each([
    ['accessToken', '/api/auth/AccessTokenSfrw'],
    ['register', '/api/user/Register'],
    ['cartAddToCart', '/api/user/Cart/AddToCart'],
    ['orderDetails', '/api/order/GetOrderDetails'],
    ['payNow', '/api/payment/PayNow'],
    ['guestOrderItems', '/api/v1/guestorders/current/items'],
    ['saveDoctorRating', '/api/visit/SaveDoctorRating'],
    ['states', '/api/State/GetStates'],
    ['productAndConsultPrice', '/api/Product/GetProductandConsultPrice'],
    ['sessionInit', '/api/user/User/InsertQueryStringIntoSessionGUIDRequest'],
    ['clientIp', '/api/getClientIp'],
    ['guestToken', '/api/auth/AccessTokenAdmin'],
    ['phoneAndEmail', '/api/config/Storefront/GetPhoneAndEmail'],
    ['consents', '/api/config/v1/consents'],
  ] as const)('%s is %s', (name, url) => {
    expect(urlOf(name)).toBe(url);
  });

  it('fills path parameters, encoded', () => {
    expect(urlOf('applicationSettings', { storefrontId: 132 })).toBe(
      '/api/config/Storefront/132/applicationsettings',
    );
    expect(endpointPath('autoRefillV2', { storefrontId: 'a/b' })).toBe(
      'storefronts/a%2Fb/autorefills',
    );
    expect(() => endpointPath('applicationSettings')).toThrow(/storefrontId/);
  });

  // Every name of spec §7's endpoint families has a path.
  const specNames = [
    'AccessTokenSfrw',
    'LogoutSfrw',
    'SendLoginOtp',
    'VerifyLoginOtp',
    'ResetPassword',
    'ResetPasswordEmail',
    'ValidateTokenSfrw',
    'AccessTokenAdmin',
    'Register',
    'ValidateIntakeByPeopleId',
    'RegisterIntakeByEmail',
    'RegisterWithOtp',
    'RegisterJTM',
    'User/UserInfo',
    'User/UpdateUserInfo',
    'User/UpdatePassword',
    'User/PasswordLastUpdated',
    'Cart/AddToCart',
    'Cart/GetItemsInCart',
    'Cart/ChangeProductQuantity',
    'Cart/ApplyPromoCode',
    'Cart/GetPromoCodeDiscount',
    'Cart/RemovePromoCode',
    'HealthRecord/labs',
    'Documents/',
    'Order/AddToCart',
    'GetPreviousOrders',
    'GetRecentOrders',
    'v2/recent-orders',
    'ReOrderProduct',
    'GetScheduledTime',
    'AutoRefill',
    'GetOrderDetails',
    'GetOrderDetailsForOrder',
    'GetOrderDetailsForCustomerReceipt',
    'GetCheckOutProgress',
    'GetARFElligibleOrders',
    'ActivateAutoRefillForProduct',
    'WelcomeScreenVisit',
    'GetMissedScheduledVisit',
    'RescheduleDoctorForRecentOrder',
    'VisitAboutToStartDetails',
    'GetPharmaciesMap',
    'GetPharmacyList',
    'AddPatientPharmacyToOrder',
    'GetDoctors',
    'AddShippingAddress',
    'UseShippingAddress',
    'GetDoctorBio',
    'GetSavedAddresses',
    'SelectDoctor',
    'ShippingAddressesAndMethods',
    'GetDoctorsByOrderId',
    'SaveDoctorRating',
    'current',
    'current/items',
    'current/getdoctors',
    'current/doctor',
    'current/getpharmacymap',
    'current/pharmacy',
    'current/pharmacy/acceptinternal',
    'current/carrier',
    'PayNow',
    'PaymentMethods',
    'AllPaymentMethods',
    'UpdateShippingFee',
    'AddCard',
    'UpdateCard',
    'UpdateCurrentCard',
    'RemoveCard',
    'ActiveAutoRefills',
    'UpdateShipSettings',
    'GetProductWiseShippingMethodsWithState',
    'DeactivateAutoRefillForProduct',
    'AddNewOrSwitchCard',
    'EditShippingAddress',
    'Storefront/GetPhoneAndEmail',
    'Storefront/GetTaxSettings',
    'Storefront/{storefrontId}/applicationsettings',
    'v1/consents',
    'Product/GetProductandConsultPrice',
    'Product/GetProductShippingStates',
    'State/GetStates',
  ];
  const paths = new Set<string>(Object.values(endpoints).map((e) => e.path));
  it.each(specNames)('%s has a path', (name) => {
    expect(paths.has(name)).toBe(true);
  });

  it('keeps the family bases of DESIGN §3', () => {
    expect(defaultBasePaths).toMatchObject({
      auth: '/api/auth',
      user: '/api/user',
      order: '/api/order',
      payment: '/api/payment',
      guestOrders: '/api/v1/guestorders',
      config: '/api/config',
      visit: '/api/visit',
      relative: '/api',
      staff: '/api/staff',
    });
    expect(basesAt('http://h:1/').auth).toBe('http://h:1/api/auth');
    expect(basesAt('http://h:1', { auth: 'https://auth.example/x' }).auth).toBe(
      'https://auth.example/x',
    );
  });
});
