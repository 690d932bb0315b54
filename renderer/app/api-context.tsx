import { createContext, type ReactNode, useContext } from 'react';
import type { ApiClient } from '../../shared/api/client';

const ApiContext = createContext<ApiClient | null>(null);

/** Hands the app's API client to every component, so none builds or imports its own. */
export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApiClient needs an <ApiProvider> above it');
  return client;
}
