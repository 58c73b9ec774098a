// GET /api/dashboard/lead-statistics: lead counts by status for the cards (spec 1 §2.2, §3.5).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

/** Under 'dashboard': lead and client change events refresh it (lib/live-updates.ts). */
export const leadStatisticsQueryOptions = queryOptions({
  queryKey: ['dashboard', 'lead-statistics'],
  queryFn: ({ signal }) => answer(server.GET('/api/dashboard/lead-statistics', { signal })),
  // Spec 1 §9: fresh 10 min, kept 30 min, 2 retries at min(1 s × 2^n, 5 s); live events refresh it sooner.
  staleTime: 10 * 60_000,
  gcTime: 30 * 60_000,
  retry: 2,
  retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 5000),
});

export const useLeadStatistics = () => useQuery(leadStatisticsQueryOptions);
