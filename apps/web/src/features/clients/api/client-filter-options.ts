// GET /api/clients/filter-options: the locations and desired visas present in the clients the user can list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientFilterOptions } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';

export const clientFilterOptionsQueryOptions = (showHidden: boolean) =>
  queryOptions({
    queryKey: ['client', 'filter-options', { showHidden }],
    queryFn: ({ signal }) =>
      api.get<ClientFilterOptions>(`/api/clients/filter-options${showHidden ? '?showHidden=true' : ''}`, { signal }),
    staleTime: 30 * 60_000,
  });

export const useClientFilterOptions = (showHidden: boolean, enabled = true) =>
  useQuery({ ...clientFilterOptionsQueryOptions(showHidden), enabled });
