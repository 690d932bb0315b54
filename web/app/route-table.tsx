import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { type PagePath, pageModuleOfPath } from '../../shared/checkout/page-modules';
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

/** Every page module but home's, each fetched the first time one of its paths is visited. */
const pageLoaders = import.meta.glob<PageModule>([
  '../pages/**/*-page.tsx',
  '!../pages/home-page.tsx',
]);

/** Every page of the app, by its path (their modules: `pageModuleOfPath`). */
function pageRoutes(runtime: WebRuntime): RouteObject[] {
  const page = (
    path: PagePath,
    prefetch?: RoutePrefetch,
    handle: PageHandle = { plain: false },
  ) => {
    const load = pageLoaders[`../pages/${pageModuleOfPath[path]}.tsx`];
    if (!load) throw new Error(`No page module for ${path}`);
    return {
      path,
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
    };
  };
  const checkoutPage = (path: PagePath) => page(path, prefetchCheckoutOrder);

  return [
    { path: routes.home, Component: HomePage, handle: { plain: true } satisfies PageHandle },
    page(routes.register),
    page(routes.myAccount, prefetchMyAccount, { plain: true }),
    page(routes.orderDetails),
    page('/products/:productId'),
    page('/donations'),
    page(linkRoutes.resetPassword),
    page(`${linkRoutes.payLink}/:token` as const),
    page(linkRoutes.rescheduleVisit),
    page(`${linkRoutes.rescheduleVisit}/:token` as const),
    page(routes.disqualified),
    page(routes.preQuestionnaire),
    checkoutPage(routes.questionnaire),
    page(routes.preShipping),
    page(routes.shippingDetails, prefetchShippingDetails, { plain: true }),
    checkoutPage(routes.pharmacyOptions),
    checkoutPage(routes.pharmacySearch),
    checkoutPage(routes.pharmacyMap),
    page(routes.preScheduling),
    checkoutPage(routes.scheduleVisit),
    page(routes.preDoctorConfirmation),
    checkoutPage(routes.doctorConfirmation),
    page(routes.greeting),
    page(routes.prePayment),
    page(routes.summary, prefetchSummary, { plain: true }),
    page(routes.orderConfirmation),
    page(routes.patientVisit),
    page(routes.endedVisit),
    page('*'),
  ];
}
