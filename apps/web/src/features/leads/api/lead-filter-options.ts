// GET /api/leads/filter-options: the values present in the leads the user can list, sorted.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadFilterOptions } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';

export const leadFilterOptionsQueryOptions = (showHidden: boolean) =>
  queryOptions({
    queryKey: ['lead', 'filter-options', { showHidden }],
    queryFn: ({ signal }) =>
      api.get<LeadFilterOptions>(`/api/leads/filter-options${showHidden ? '?showHidden=true' : ''}`, { signal }),
    staleTime: 30 * 60_000,
  });

export const useLeadFilterOptions = (showHidden: boolean) => useQuery(leadFilterOptionsQueryOptions(showHidden));
