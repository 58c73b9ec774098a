// GET /api/contacts/statistics: the figures over the contacts the user can see.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

export const contactStatisticsQueryOptions = queryOptions({
  queryKey: ['contact', 'statistics'],
  queryFn: ({ signal }) => answer(server.GET('/api/contacts/statistics', { signal })),
  // Spec 2 §9: fresh 10 s; live events refresh it after any lead, client or contact change.
  staleTime: 10_000,
  refetchOnReconnect: true,
});

export const useContactStatistics = () => useQuery(contactStatisticsQueryOptions);
