import { lazy } from 'react';

/** Each page is its own chunk, loaded when first opened. */
export const SignInPage = lazy(() => import('../pages/sign-in/sign-in-page'));
export const SettingsPage = lazy(() => import('../pages/settings/settings-page'));
export const OrdersPage = lazy(() => import('../pages/orders/orders-page'));
export const OrderDrawerRoute = lazy(() => import('../pages/orders/order-drawer-route'));
export const AuditPage = lazy(() => import('../pages/audit/audit-page'));
export const NotFoundPage = lazy(() => import('../pages/not-found-page'));
// The pages below belong to the patients, intake and phone-order part of the console.
export const PatientsPage = lazy(() => import('../pages/patients/patients-page'));
export const PatientPage = lazy(() => import('../pages/patients/patient-page'));
export const IntakePage = lazy(() => import('../pages/intake/intake-page'));
export const PhoneOrderPage = lazy(() => import('../pages/phone-order/phone-order-page'));
// The doctor's visits.
export const VisitsPage = lazy(() => import('../pages/visits/visits-page'));
export const VisitPage = lazy(() => import('../pages/visits/visit-page'));
