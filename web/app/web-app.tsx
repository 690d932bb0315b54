import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { ApiProvider } from '../../renderer/app/api-context';
import { type Navigation, NavigationProvider } from '../../renderer/app/navigation-context';
import { SessionProvider } from '../../renderer/features/session/session-context';
import { BootSplash } from './boot-splash';
import { RuntimeProvider } from './runtime-context';
import { StorefrontGate } from './storefront-gate';
import { ThemeRoot } from './theme-root';
import type { WebRuntime } from './web-runtime';

export type WebRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The patient app: providers, the storefront's theme, then the routes. The router is made
 * before the first render (`main.tsx`), so the first route's reads are already on their way.
 */
export function WebApp({ runtime, router }: { runtime: WebRuntime; router: WebRouter }) {
  const navigation = useMemo<Navigation>(
    () => ({
      navigate: (path, options) => {
        void router.navigate(path, options);
      },
    }),
    [router],
  );
  return (
    <QueryClientProvider client={runtime.queryClient}>
      <ApiProvider client={runtime.client}>
        <SessionProvider store={runtime.session}>
          <RuntimeProvider runtime={runtime}>
            <NavigationProvider navigation={navigation}>
              <Suspense fallback={<BootSplash />}>
                <StorefrontGate>
                  {(storefront) => (
                    <ThemeRoot theme={storefront.theme}>
                      <RouterProvider router={router} />
                    </ThemeRoot>
                  )}
                </StorefrontGate>
              </Suspense>
            </NavigationProvider>
          </RuntimeProvider>
        </SessionProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
