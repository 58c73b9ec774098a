// GET /api/dashboard/lead-trend: new leads per week (12 weeks) and the count at each stage.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

export const leadTrendQueryOptions = queryOptions({
  queryKey: ['dashboard', 'lead-trend'],
  queryFn: ({ signal }) => answer(server.GET('/api/dashboard/lead-trend', { signal })),
  staleTime: 10 * 60_000,
});

export const useLeadTrend = () => useQuery(leadTrendQueryOptions);
