import type { ApiClient } from '../../shared/api/client';
import { authOfMode, type RequestMode } from '../../shared/api/modes';

/** Modes that carry the patient's or the guest's token (the others send the api key, or none). */
const needsToken = (mode: RequestMode) => {
  const auth = authOfMode(mode);
  return auth === 'user-token' || auth === 'user-else-guest-token';
};

/**
 * The client the pages use: a call that carries a token first waits until the session holds
 * one (the user token, or a guest token being fetched), so it never leaves without one and
 * fails with 401. Calls with the api key (the storefront's config, the catalog) go at once: a
 * first visit reads them while its guest token is on its way.
 */
export function credentialedClient(client: ApiClient, ready: () => Promise<void>): ApiClient {
  const whenReady = async (mode: RequestMode) => {
    if (needsToken(mode)) await ready();
  };
  return {
    bases: client.bases,
    loading: client.loading,
    get: async (...args) => {
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
