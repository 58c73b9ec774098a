// GET /api/leads/filter-options: the values present in the leads the user can list, sorted.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

export const leadFilterOptionsQueryOptions = (showHidden: boolean) =>
  queryOptions({
    queryKey: ['lead', 'filter-options', { showHidden }],
    queryFn: ({ signal }) =>
      answer(
        server.GET('/api/leads/filter-options', { params: { query: { showHidden: showHidden || undefined } }, signal }),
      ),
    staleTime: 30 * 60_000,
  });

export const useLeadFilterOptions = (showHidden: boolean) => useQuery(leadFilterOptionsQueryOptions(showHidden));
