import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const MINUTE = 60_000;

/**
 * Spec section 9: stale after 10 minutes, kept 30, no refetch on focus or mount, 2 retries for
 * queries, 1 for mutations. `onUnauthenticated`: a query was answered 401, the session is over.
 */
export function createQueryClient(options: { onUnauthenticated?: () => void } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) options.onUnauthenticated?.();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 10 * MINUTE,
        gcTime: 30 * MINUTE,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        // Tried once even offline, since the service worker may answer from its copy (the
        // catalogue); without an answer the retries wait for the network, and what was fetched
        // before stays on screen meanwhile.
        networkMode: 'offlineFirst',
        // A 4xx answer will not change on retry; network errors and 5xx get the spec's 2 retries.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: 1 },
    },
  });
}
