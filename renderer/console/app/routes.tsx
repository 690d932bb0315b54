import type { RouteObject } from 'react-router';
import { ConsoleRoot, type ConsoleRootProps } from './console-root';
import {
  AuditPage,
  IntakePage,
  NotFoundPage,
  OrderDrawerRoute,
  OrdersPage,
  PatientPage,
  PatientsPage,
  PhoneOrderPage,
  SettingsPage,
  VisitPage,
  VisitsPage,
} from './lazy-pages';
import { HomeRedirect, RequireSection } from './route-guards';

/**
 * The console's routes, under a hash router (`#/orders?...`): the same build works from file://
 * in Electron and at /console/ on the server. An order opens over the lookup (a child route),
 * so closing it goes back to the same rows at the same scroll position.
 */
export function consoleRoutes(root: ConsoleRootProps): RouteObject[] {
  return [
    {
      path: '/',
      element: <ConsoleRoot {...root} />,
      children: [
        { index: true, element: <HomeRedirect /> },
        {
          path: 'orders',
          element: (
            <RequireSection section="orders">
              <OrdersPage />
            </RequireSection>
          ),
          children: [{ path: ':orderId', element: <OrderDrawerRoute /> }],
        },
        {
          path: 'patients',
          element: (
            <RequireSection section="patients">
              <PatientsPage />
            </RequireSection>
          ),
        },
        {
          path: 'patients/:patientId',
          element: (
            <RequireSection section="patients">
              <PatientPage />
            </RequireSection>
          ),
        },
        {
          path: 'phone-order',
          element: (
            <RequireSection section="phoneOrder">
              <PhoneOrderPage />
            </RequireSection>
          ),
        },
        {
          path: 'intake',
          element: (
            <RequireSection section="intake">
              <IntakePage />
            </RequireSection>
          ),
        },
        {
          path: 'visits',
          element: (
            <RequireSection section="visits">
              <VisitsPage />
            </RequireSection>
          ),
        },
        {
          path: 'visits/:orderId',
          element: (
            <RequireSection section="visits">
              <VisitPage />
            </RequireSection>
          ),
        },
        {
          path: 'audit',
          element: (
            <RequireSection section="audit">
              <AuditPage />
            </RequireSection>
          ),
        },
        { path: 'settings', element: <SettingsPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
