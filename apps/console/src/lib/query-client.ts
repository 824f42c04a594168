import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-client';

/** Queries retry once (never on 4xx) and stay fresh for 5 minutes. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}
