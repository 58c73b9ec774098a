// GET /api/clients/filter-options: the locations and desired visas present in the clients the user can list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

export const clientFilterOptionsQueryOptions = (showHidden: boolean) =>
  queryOptions({
    queryKey: ['client', 'filter-options', { showHidden }],
    queryFn: ({ signal }) =>
      answer(
        server.GET('/api/clients/filter-options', {
          params: { query: { showHidden: showHidden || undefined } },
          signal,
        }),
      ),
    staleTime: 30 * 60_000,
  });

export const useClientFilterOptions = (showHidden: boolean, enabled = true) =>
  useQuery({ ...clientFilterOptionsQueryOptions(showHidden), enabled });
