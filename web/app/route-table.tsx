import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { linkRoutes, routes } from '../../shared/checkout/routes';
import HomePage from '../pages/home-page';
import { preloadAntdTheme } from './antd-boundary';
import { AppLayout } from './app-layout';
import { BootSplash } from './boot-splash';

type PageModule = { default: ComponentType };

/** A route whose page is its own chunk, fetched the first time the route is visited. */
function page(load: () => Promise<PageModule>) {
  return {
    lazy: async () => {
      const [module] = await Promise.all([load(), preloadAntdTheme()]);
      return { Component: module.default };
    },
  };
}

/**
 * The routes of spec §2 and ours (the pages our emails' links open: password reset, payment
 * links). Home is in
 * the first bundle; every other page is split off (DESIGN §7).
 */
export const routeTable: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: BootSplash,
    children: [
      { path: routes.home, Component: HomePage },
      { path: routes.register, ...page(() => import('../pages/register-page')) },
      { path: routes.myAccount, ...page(() => import('../pages/my-account-page')) },
      { path: routes.orderDetails, ...page(() => import('../pages/order-details-page')) },
      { path: '/products/:productId', ...page(() => import('../pages/product-page')) },
      { path: '/donations', ...page(() => import('../pages/donations-page')) },
      { path: linkRoutes.resetPassword, ...page(() => import('../pages/reset-password-page')) },
      { path: `${linkRoutes.payLink}/:token`, ...page(() => import('../pages/pay-link-page')) },
      {
        path: linkRoutes.rescheduleVisit,
        ...page(() => import('../pages/reschedule-visit-page')),
      },
      {
        path: `${linkRoutes.rescheduleVisit}/:token`,
        ...page(() => import('../pages/reschedule-visit-page')),
      },
      { path: routes.disqualified, ...page(() => import('../pages/checkout/disqualified-page')) },
      {
        path: routes.preQuestionnaire,
        ...page(() => import('../pages/checkout/pre-questionnaire-page')),
      },
      { path: routes.questionnaire, ...page(() => import('../pages/checkout/questionnaire-page')) },
      { path: routes.preShipping, ...page(() => import('../pages/checkout/pre-shipping-page')) },
      {
        path: routes.shippingDetails,
        ...page(() => import('../pages/checkout/shipping-details-page')),
      },
      {
        path: routes.pharmacyOptions,
        ...page(() => import('../pages/checkout/pharmacy-options-page')),
      },
      {
        path: routes.pharmacySearch,
        ...page(() => import('../pages/checkout/pharmacy-search-page')),
      },
      { path: routes.pharmacyMap, ...page(() => import('../pages/checkout/pharmacy-map-page')) },
      {
        path: routes.preScheduling,
        ...page(() => import('../pages/checkout/pre-scheduling-page')),
      },
      {
        path: routes.scheduleVisit,
        ...page(() => import('../pages/checkout/schedule-visit-page')),
      },
      {
        path: routes.preDoctorConfirmation,
        ...page(() => import('../pages/checkout/pre-doctor-confirmation-page')),
      },
      {
        path: routes.doctorConfirmation,
        ...page(() => import('../pages/checkout/doctor-confirmation-page')),
      },
      { path: routes.greeting, ...page(() => import('../pages/checkout/greeting-page')) },
      { path: routes.prePayment, ...page(() => import('../pages/checkout/pre-payment-page')) },
      { path: routes.summary, ...page(() => import('../pages/checkout/summary-page')) },
      {
        path: routes.orderConfirmation,
        ...page(() => import('../pages/checkout/order-confirmation-page')),
      },
      {
        path: routes.patientVisit,
        ...page(() => import('../pages/checkout/patient-visit-page')),
      },
      { path: routes.endedVisit, ...page(() => import('../pages/checkout/ended-visit-page')) },
      { path: '*', ...page(() => import('../pages/not-found-page')) },
    ],
  },
];
