// GET /api/services: one keyset page of the Services Overview (every service with its lead or client),
// filtered, searched and sorted by the server. Never counted: the count comes from the summary.
import { useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery, listQueryOptions } from '../../../lib/list-query.ts';
import type { navigationParams } from '../../../lib/list-navigation.ts';
import type { OverviewFilter } from '../finance-search.ts';
import { OVERVIEW_CACHE_TIMES, OVERVIEW_ROOT_KEY, overviewRetry } from './overview-cache.ts';

export type ServiceOverviewParams = OverviewFilter &
  ReturnType<typeof navigationParams> & { sort: string; pageSize: number };

export const serviceOverviewQueryOptions = (params: ServiceOverviewParams) => ({
  ...listQueryOptions(
    OVERVIEW_ROOT_KEY,
    params,
    (signal) => answer(server.GET('/api/services', { params: { query: listQuery(params) }, signal })),
    OVERVIEW_CACHE_TIMES,
  ),
  ...overviewRetry,
});

export const useServiceOverview = (params: ServiceOverviewParams) => useQuery(serviceOverviewQueryOptions(params));
