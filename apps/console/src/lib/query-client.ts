import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-client';

/**
 * Queries retry once (never on 4xx) and stay fresh for 5 minutes. There is no global refresh: each
 * mutation invalidates the keys of what it changed (`invalidateKeys` with `queryKeys`, see
 * lib/query-keys.ts), including the resources that show its counts or names.
 */
export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
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
