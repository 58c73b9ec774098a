// GET /api/settings/service-types: the service catalogue, archived types included. Under 'service_types',
// which the catalogue's change event refreshes (lib/live-updates.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

export const serviceTypesQueryKey = ['service_types'] as const;

export const serviceTypesQuery = () =>
  queryOptions({
    queryKey: serviceTypesQueryKey,
    queryFn: ({ signal }) => answer(server.GET('/api/settings/service-types', { signal })),
    staleTime: 60_000,
  });

/** `enabled`: false for a role that may not read it (the service form of a role without edit rights). */
export const useServiceTypes = (enabled = true) => useQuery({ ...serviceTypesQuery(), enabled });
