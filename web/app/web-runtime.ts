import type { QueryClient } from '@tanstack/react-query';
import { browserStorage } from '../../renderer/app/browser-storage';
import { createQueryClient } from '../../renderer/app/query-client';
import {
  type ConnectionNotice,
  createConnectionNotice,
} from '../../renderer/components/connection-notice';
import { fetchGuestToken } from '../../renderer/features/session/guest-token';
import {
  createSessionStore,
  type SessionStore,
} from '../../renderer/features/session/session-store';
import { validateUserToken } from '../../renderer/features/session/validate-token';
import { isApiError } from '../../shared/api/api-error';
import { basesAt } from '../../shared/api/bases';
import { type ApiClient, createApiClient } from '../../shared/api/client';
import { createLoadingCounter } from '../../shared/api/loading-counter';
import { runtimeFetch } from '../../shared/api/runtime-fetch';
import { initSessionGuid } from '../../shared/api/session';
import type { KeyValueStorage } from '../../shared/api/storage-keys';
import { createStoredTokens } from '../../shared/api/token-providers';
import { credentialedClient } from './credentialed-client';
import { earlyReadsOf } from './early-reads';
import { clientApiKey, guestClientCredentials } from './web-env';

export interface WebRuntime {
  client: ApiClient;
  session: SessionStore;
  queryClient: QueryClient;
  notice: ConnectionNotice;
  storages: { local: KeyValueStorage; session: KeyValueStorage };
  /** Forgets the page's early reads not taken: call it once the first route has loaded. */
  dropEarlyReads: () => void;
}

/**
 * Everything the patient app holds once per page load: storage, tokens, the API client with
 * its loading counter, the session, the query cache and the connection notice.
 */
export function createWebRuntime(): WebRuntime {
  const local = browserStorage('local');
  const sessionStorage = browserStorage('session');
  const tokens = createStoredTokens(local, clientApiKey);
  const loading = createLoadingCounter();
  const notice = createConnectionNotice();
  const bases = basesAt(window.location.origin);

  // The first reads take the answers the page's HTML asked for (web/app/early-reads.ts).
  const early = earlyReadsOf(window as unknown as Record<string, unknown>, runtimeFetch);
  // Sign-in plumbing calls go out without the 401 handler: a refused guest token or a stale
  // user token is handled by the session itself, not by opening the login drawer.
  const plainClient = createApiClient({ bases, tokens, loading, fetch: early.fetch });
  let session: SessionStore | null = null;
  const rawClient = createApiClient({
    bases,
    tokens,
    loading,
    onUnauthenticated: () => session?.handleUnauthenticated(),
    fetch: early.fetch,
  });
  session = createSessionStore({
    local,
    session: sessionStorage,
    tokens,
    fetchGuestToken: () => fetchGuestToken(plainClient, guestClientCredentials),
    validateUserToken: () => validateUserToken(plainClient),
  });
  const store = session;
  const client = credentialedClient(rawClient, () => store.ensureCredentials(), {
    client: plainClient,
    checking: () => tokens.userToken() !== null && store.getState().credentials === 'pending',
  });

  const queryClient = createQueryClient();
  // A query that gets no answer raises the notice; forms show their own calls' failures.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const { error } = event.action;
    if (isApiError(error) && error.connectionError) notice.show();
  });

  return {
    client,
    session: store,
    queryClient,
    notice,
    storages: { local, session: sessionStorage },
    dropEarlyReads: early.drop,
  };
}

let sessionGuidInit: Promise<unknown> = Promise.resolve();

/** Settles once the first visit's session initialisation has ended, however it ended. */
export const sessionGuidSettled = () => sessionGuidInit;

/** Session GUID on first visit (spec §7); a failure is only logged (spec §8). */
export function startSessionGuid(runtime: WebRuntime): void {
  sessionGuidInit = initSessionGuid(
    runtime.client,
    runtime.storages,
    { landingPage: window.location.href },
    console,
  );
}
