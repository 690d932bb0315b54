import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import {
  Outlet,
  useLocation,
  useMatches,
  useNavigation as useRouterNavigation,
} from 'react-router';
import { AppLink } from '../../renderer/components/app-link';
import { ConnectionBanner } from '../../renderer/components/connection-banner';
import { LoadingBar } from '../../renderer/components/loading-bar';
import { useSession } from '../../renderer/features/session/session-context';
import { homeShellId } from '../../shared/theme/home-text';
import { AntdBoundary } from './antd-boundary';
import { isPlainPage } from './page-handle';
import { useRuntime } from './runtime-context';
import { SiteHeader } from './site-header';
import { useStorefront } from './storefront-context';

const CartDrawer = lazy(() => import('../drawers/cart-drawer'));
const LoginDrawer = lazy(() => import('../drawers/login-drawer'));

/**
 * The frame of every page: the loading bar, the header, the connection notice, the page, and
 * the cart and login drawers (their code is fetched the first time one opens).
 */
export function AppLayout() {
  const runtime = useRuntime();
  const storefront = useStorefront();
  const session = useSession();
  const routerNavigation = useRouterNavigation();
  const location = useLocation();
  const plainPage = isPlainPage(useMatches());
  const [cartUsed, setCartUsed] = useState(false);
  const [loginUsed, setLoginUsed] = useState(false);

  // The home page's first HTML drew the top of the page (server/modules/web-shell): the app's
  // own takes its place before the browser paints again.
  useLayoutEffect(() => document.getElementById(homeShellId)?.remove(), []);

  if (session.cartDrawerOpen && !cartUsed) setCartUsed(true);
  if (session.loginDrawer.open && !loginUsed) setLoginUsed(true);

  // A page's code on its way counts as loading too (spec §4: one bar for all).
  const routeLoading = routerNavigation.state === 'loading';
  useEffect(() => {
    if (!routeLoading) return;
    runtime.client.loading.begin();
    return () => runtime.client.loading.end();
  }, [routeLoading, runtime]);

  // The notice is about what the user just tried; a new page starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page on purpose
  useEffect(() => {
    runtime.notice.hide();
    window.scrollTo(0, 0);
  }, [location.pathname, runtime]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <LoadingBar counter={runtime.client.loading} color={storefront.theme.colors.primaryLight} />
      <SiteHeader />
      <ConnectionBanner notice={runtime.notice} />
      <main id="main" tabIndex={-1} className="app-main">
        {plainPage ? (
          <Outlet />
        ) : (
          <AntdBoundary>
            <Outlet />
          </AntdBoundary>
        )}
      </main>
      <footer className="site-footer">
        <div className="container-sub">
          <p>
            {storefront.theme.storeFrontName}
            {storefront.phone ? ` · ${storefront.phone}` : ''}
            {storefront.email ? ` · ${storefront.email}` : ''}
          </p>
          {storefront.theme.flags.enableDonationsSummaryPage ? (
            <p>
              <AppLink href="/donations">Giving back</AppLink>
            </p>
          ) : null}
        </div>
      </footer>
      {(cartUsed || loginUsed) && (
        <AntdBoundary fallback={null}>
          <Suspense fallback={null}>
            {cartUsed && <CartDrawer />}
            {loginUsed && <LoginDrawer />}
          </Suspense>
        </AntdBoundary>
      )}
    </>
  );
}
