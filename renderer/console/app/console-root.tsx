import { Spin } from 'antd';
import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { ConsoleLayout } from './console-layout';
import { SettingsPage, SignInPage } from './lazy-pages';
import { useStaffSession } from './session-context';

export interface ConsoleRootProps {
  /** False in a desktop console with no server set yet. */
  serverKnown: boolean;
  lastServerContact: () => number;
}

/**
 * Signed out, every address shows the sign-in page (so the page asked for opens right after
 * sign-in), except Settings: a wrong server address would otherwise lock the user out.
 */
export function ConsoleRoot({ serverKnown, lastServerContact }: ConsoleRootProps) {
  const session = useStaffSession();
  const { pathname } = useLocation();
  if (session) return <ConsoleLayout lastServerContact={lastServerContact} />;
  return (
    <Suspense fallback={<Spin className="console-page-spinner" />}>
      {pathname.startsWith('/settings') ? (
        <main id="main" className="console-signed-out-page">
          <SettingsPage />
        </main>
      ) : (
        <SignInPage serverKnown={serverKnown} />
      )}
    </Suspense>
  );
}
