// GET /api/services/chart: revenue and paid per month per currency, and the payment-status split, over the
// overview's filters. Its own request, cached beside the summary, so the list never waits for it.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/list-query.ts';
import type { OverviewFilter } from '../finance-search.ts';
import { OVERVIEW_CACHE_TIMES, overviewKeys, overviewRetry } from './overview-cache.ts';

export const serviceChartQueryOptions = (filter: OverviewFilter) =>
  queryOptions({
    queryKey: overviewKeys.chart(filter),
    queryFn: ({ signal }) =>
      answer(server.GET('/api/services/chart', { params: { query: listQuery(filter) }, signal })),
    ...OVERVIEW_CACHE_TIMES,
    ...overviewRetry,
    refetchOnReconnect: true,
    placeholderData: keepPreviousData,
  });

export const useServiceChart = (filter: OverviewFilter) => useQuery(serviceChartQueryOptions(filter));
