// GET /api/services/summary: the overview's cards over the whole filtered set (the count, and per currency
// revenue, paid and pending), counted by the server in a request of its own so the list stays cheap.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/list-query.ts';
import type { OverviewFilter } from '../finance-search.ts';
import { OVERVIEW_CACHE_TIMES, overviewKeys, overviewRetry } from './overview-cache.ts';

export const serviceSummaryQueryOptions = (filter: OverviewFilter) =>
  queryOptions({
    queryKey: overviewKeys.summary(filter),
    queryFn: ({ signal }) =>
      answer(server.GET('/api/services/summary', { params: { query: listQuery(filter) }, signal })),
    ...OVERVIEW_CACHE_TIMES,
    ...overviewRetry,
    refetchOnReconnect: true,
    placeholderData: keepPreviousData,
  });

export const useServiceSummary = (filter: OverviewFilter) => useQuery(serviceSummaryQueryOptions(filter));
