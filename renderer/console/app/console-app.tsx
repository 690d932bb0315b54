import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router';
import type { ApiClient } from '../../../shared/api/client';
import { ApiProvider } from '../../app/api-context';
import { type Navigation, NavigationProvider } from '../../app/navigation-context';
import { createQueryClient } from '../../app/query-client';
import { LoadingBar } from '../../components/loading-bar';
import { consoleTheme } from './console-theme';
import { consoleRoutes } from './routes';
import { StaffSessionProvider } from './session-context';
import type { StaffSessionStore } from './staff-session';

export interface ConsoleAppProps {
  client: ApiClient;
  sessions: StaffSessionStore;
  serverKnown: boolean;
  lastServerContact: () => number;
}

/** The console's providers around its hash router. */
export function ConsoleApp({ client, sessions, serverKnown, lastServerContact }: ConsoleAppProps) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() =>
    createHashRouter(consoleRoutes({ serverKnown, lastServerContact })),
  );
  const navigation = useMemo<Navigation>(
    () => ({ navigate: (path, options) => void router.navigate(path, options) }),
    [router],
  );
  const theme = useMemo(consoleTheme, []);

  // Patient data read by one staff member must not stay in memory for the next one.
  useEffect(
    () =>
      sessions.subscribe(() => {
        if (!sessions.current()) queryClient.clear();
      }),
    [sessions, queryClient],
  );

  return (
    <ConfigProvider theme={theme}>
      <AntApp>
        <StaffSessionProvider store={sessions}>
          <ApiProvider client={client}>
            <QueryClientProvider client={queryClient}>
              <NavigationProvider navigation={navigation}>
                <LoadingBar counter={client.loading} color={defaultColor(theme)} />
                <RouterProvider router={router} />
              </NavigationProvider>
            </QueryClientProvider>
          </ApiProvider>
        </StaffSessionProvider>
      </AntApp>
    </ConfigProvider>
  );
}

function defaultColor(theme: ReturnType<typeof consoleTheme>): string {
  return theme.token?.colorPrimary ?? '#1e4d3a';
}
