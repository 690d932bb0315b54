import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { linkRoutes, routes } from '../../shared/checkout/routes';
import HomePage from '../pages/home-page';
import { preloadAntdTheme } from './antd-boundary';
import { AppLayout } from './app-layout';
import { BootSplash } from './boot-splash';
import type { PageHandle } from './page-handle';
import { RouteError } from './route-error';
import {
  prefetchCheckoutOrder,
  prefetchMyAccount,
  prefetchShippingDetails,
  prefetchSummary,
  type RoutePrefetch,
} from './route-prefetch';
import type { WebRuntime } from './web-runtime';

type PageModule = { default: ComponentType };

/**
 * The routes of spec §2 and ours (the pages our emails' links open: password reset, payment
 * links). Home is in the first bundle; every other page is split off (DESIGN §7), fetched the
 * first time its route is visited, with the data it reads first asked for at the same time.
 * Pages in plain markup (home, shipping details, the summary, the account) say so: no antd
 * theme is fetched for them.
 */
export function createRouteTable(runtime: WebRuntime): RouteObject[] {
  return [
    {
      Component: AppLayout,
      HydrateFallback: BootSplash,
      children: [
        {
          // A page that cannot be fetched or drawn shows why inside the layout (route-error.tsx).
          ErrorBoundary: RouteError,
          children: pageRoutes(runtime),
        },
      ],
    },
  ];
}

/** Every page of the app, by its path. */
function pageRoutes(runtime: WebRuntime): RouteObject[] {
  const page = (
    load: () => Promise<PageModule>,
    prefetch?: RoutePrefetch,
    handle: PageHandle = { plain: false },
  ) => ({
    handle,
    lazy: async () => {
      const [module] = await Promise.all([load(), handle.plain ? null : preloadAntdTheme()]);
      return { Component: module.default };
    },
    ...(prefetch
      ? {
          loader: ({ request }: { request: Request }) => {
            prefetch(runtime, new URL(request.url));
            return null;
          },
        }
      : {}),
  });
  const checkoutPage = (load: () => Promise<PageModule>) => page(load, prefetchCheckoutOrder);

  return [
    { path: routes.home, Component: HomePage, handle: { plain: true } satisfies PageHandle },
    { path: routes.register, ...page(() => import('../pages/register-page')) },
    {
      path: routes.myAccount,
      ...page(() => import('../pages/my-account-page'), prefetchMyAccount, { plain: true }),
    },
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
    {
      path: routes.questionnaire,
      ...checkoutPage(() => import('../pages/checkout/questionnaire-page')),
    },
    { path: routes.preShipping, ...page(() => import('../pages/checkout/pre-shipping-page')) },
    {
      path: routes.shippingDetails,
      ...page(() => import('../pages/checkout/shipping-details-page'), prefetchShippingDetails, {
        plain: true,
      }),
    },
    {
      path: routes.pharmacyOptions,
      ...checkoutPage(() => import('../pages/checkout/pharmacy-options-page')),
    },
    {
      path: routes.pharmacySearch,
      ...checkoutPage(() => import('../pages/checkout/pharmacy-search-page')),
    },
    {
      path: routes.pharmacyMap,
      ...checkoutPage(() => import('../pages/checkout/pharmacy-map-page')),
    },
    {
      path: routes.preScheduling,
      ...page(() => import('../pages/checkout/pre-scheduling-page')),
    },
    {
      path: routes.scheduleVisit,
      ...checkoutPage(() => import('../pages/checkout/schedule-visit-page')),
    },
    {
      path: routes.preDoctorConfirmation,
      ...page(() => import('../pages/checkout/pre-doctor-confirmation-page')),
    },
    {
      path: routes.doctorConfirmation,
      ...checkoutPage(() => import('../pages/checkout/doctor-confirmation-page')),
    },
    { path: routes.greeting, ...page(() => import('../pages/checkout/greeting-page')) },
    { path: routes.prePayment, ...page(() => import('../pages/checkout/pre-payment-page')) },
    {
      path: routes.summary,
      ...page(() => import('../pages/checkout/summary-page'), prefetchSummary, { plain: true }),
    },
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
  ];
}
