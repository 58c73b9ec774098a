// GET /api/clients/:id: the complete client for the panel (also verifies a conversion).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['client', 'detail', id],
    queryFn: ({ signal }) => answer(server.GET('/api/clients/{id}', { params: { path: { id } }, signal })),
    staleTime: 30_000,
  });

export const useClient = (id: string | null) => useQuery({ ...clientQueryOptions(id ?? ''), enabled: Boolean(id) });
