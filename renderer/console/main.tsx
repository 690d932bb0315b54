import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { basesAt } from '../../shared/api/bases';
import { createApiClient } from '../../shared/api/client';
import { browserStorage } from '../app/browser-storage';
import { resolveApiOrigin } from './app/api-origin';
import { ConsoleApp } from './app/console-app';
import { desktopBridge } from './app/desktop-bridge';
import { createStaffSessionStore } from './app/staff-session';
import '../components/visually-hidden.css';
import './console.css';

const origin = await resolveApiOrigin(desktopBridge());
const sessions = createStaffSessionStore(browserStorage('session'));
let lastServerContact = Date.now();

const client = createApiClient({
  bases: basesAt(origin ?? window.location.origin),
  // Staff never use a guest token or the api key: every call carries the staff token.
  tokens: { userToken: sessions.token, guestToken: () => null, apiKey: () => null },
  onUnauthenticated: () => {
    if (sessions.current()) sessions.signOut('expired');
  },
  onResult: (action) => {
    if (action.status === 'SUCCESS') lastServerContact = Date.now();
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('The console page has no #root element');
createRoot(root).render(
  <StrictMode>
    <ConsoleApp
      client={client}
      sessions={sessions}
      serverKnown={origin !== null}
      lastServerContact={() => lastServerContact}
    />
  </StrictMode>,
);
