import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';

/**
 * One react-query client per app. A 4xx answer is final (retrying a 403 or a 404 only delays
 * the message); a connection error is retried once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 1 && isApiError(error) && error.connectionError,
      },
      mutations: { retry: false },
    },
  });
}
