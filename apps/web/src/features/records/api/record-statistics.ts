// GET /api/records/statistics: the combined list's cards over every record the user can list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

export const recordStatisticsQueryOptions = (showHidden: boolean) =>
  queryOptions({
    queryKey: ['record', 'statistics', showHidden],
    queryFn: ({ signal }) =>
      answer(
        server.GET('/api/records/statistics', { params: { query: { showHidden: showHidden || undefined } }, signal }),
      ),
    staleTime: 30 * 60_000,
    gcTime: 60 * 60_000,
    refetchOnReconnect: true,
  });

export const useRecordStatistics = (showHidden: boolean) => useQuery(recordStatisticsQueryOptions(showHidden));
