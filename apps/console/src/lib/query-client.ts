import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-client';

/**
 * Queries retry once (never on 4xx) and stay fresh for 5 minutes. Any successful change marks every
 * cached query stale (a change refreshes every list it shows in): counts, names and statistics cross
 * features (an event changes its application's counters, a renamed application shows on events),
 * and only what is on screen is fetched again at once.
 */
export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      // The session ('auth') is set by sign-in and sign-out themselves.
      onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/** For answers that must be fresh each time they show (generated code, samples): fetched again, never kept. */
export const NO_CACHE = { staleTime: 0, gcTime: 0 } as const;
