import type { ApiClient } from '../../shared/api/client';

/**
 * The client the pages use: every call first waits until the session holds a credential (the
 * user token, or a guest token being fetched), so no call leaves without one and fails with 401.
 */
export function credentialedClient(client: ApiClient, ready: () => Promise<void>): ApiClient {
  return {
    bases: client.bases,
    loading: client.loading,
    get: async (...args) => {
      await ready();
      return client.get(...args);
    },
    delete: async (...args) => {
      await ready();
      return client.delete(...args);
    },
    post: async (...args) => {
      await ready();
      return client.post(...args);
    },
    put: async (...args) => {
      await ready();
      return client.put(...args);
    },
    patch: async (...args) => {
      await ready();
      return client.patch(...args);
    },
  };
}
