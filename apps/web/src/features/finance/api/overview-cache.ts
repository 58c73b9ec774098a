// Where the Services Overview's requests sit in the query cache, and how long they are kept (spec 3 §9:
// fresh 10 minutes, kept 30, two retries from 1 s doubling to at most 5 s). All sit under 'services', which
// the live updates refresh on every lead, client and contact event: each service write publishes its
// record's event (lib/refresh.ts).
import { isApiError } from '../../../lib/api-client.ts';

export const OVERVIEW_ROOT_KEY = 'services';

export const overviewKeys = {
  summary: (filter: object) => [OVERVIEW_ROOT_KEY, 'summary', filter] as const,
  chart: (filter: object) => [OVERVIEW_ROOT_KEY, 'chart', filter] as const,
};

export const OVERVIEW_CACHE_TIMES = { staleTime: 10 * 60_000, gcTime: 30 * 60_000 };

export const overviewRetry = {
  retry: (failureCount: number, error: Error) => {
    // Permission, validation and session errors are final.
    if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
    return failureCount < 2;
  },
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 5000),
};
