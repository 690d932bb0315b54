import { isApiError } from '../../shared/api/api-error';
import type { ApiClient } from '../../shared/api/client';
import { authOfMode, type RequestMode } from '../../shared/api/modes';

/** Modes that carry the patient's or the guest's token (the others send the api key, or none). */
const needsToken = (mode: RequestMode) => {
  const auth = authOfMode(mode);
  return auth === 'user-token' || auth === 'user-else-guest-token';
};

/** Reads that need not wait while a patient's stored token is being checked with the server. */
export interface EarlyReads {
  /** The client to read with meanwhile: without the 401 handler, as the check has its own. */
  client: ApiClient;
  /** Whether a stored token is being checked right now. */
  checking: () => boolean;
}

/**
 * The client the pages use: a call that carries a token first waits until the session holds
 * one (the user token, or a guest token being fetched), so it never leaves without one and
 * fails with 401. Calls with the api key (the storefront's config, the catalog) go at once: a
 * first visit reads them while its guest token is on its way. A read (GET) with a stored
 * token being checked goes at once too, beside the check: a patient's page does not wait one
 * more round trip for its data; when the token turns out stale (401), the read waits for the
 * check, which leaves a guest token, and is sent again.
 */
export function credentialedClient(
  client: ApiClient,
  ready: () => Promise<void>,
  early?: EarlyReads,
): ApiClient {
  const whenReady = async (mode: RequestMode) => {
    if (needsToken(mode)) await ready();
  };
  return {
    bases: client.bases,
    loading: client.loading,
    get: async (...args) => {
      if (early && needsToken(args[0]) && early.checking()) {
        try {
          return await early.client.get(...args);
        } catch (error) {
          if (!isApiError(error) || error.status !== 401) throw error;
        }
      }
      await whenReady(args[0]);
      return client.get(...args);
    },
    delete: async (...args) => {
      await whenReady(args[0]);
      return client.delete(...args);
    },
    post: async (...args) => {
      await whenReady(args[0]);
      return client.post(...args);
    },
    put: async (...args) => {
      await whenReady(args[0]);
      return client.put(...args);
    },
    patch: async (...args) => {
      await whenReady(args[0]);
      return client.patch(...args);
    },
  };
}
