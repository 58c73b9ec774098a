import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** Permission, validation and auth errors are final; other failures retry twice (spec 1 §9). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
        retryDelay: (attempt) => Math.min(1500 * 2 ** attempt, 10_000),
      },
      mutations: { retry: false },
    },
  });
}
