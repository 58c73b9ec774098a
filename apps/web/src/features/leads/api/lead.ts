// GET /api/leads/:id: the complete lead for the panel.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

export const leadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['lead', 'detail', id],
    queryFn: ({ signal }) => answer(server.GET('/api/leads/{id}', { params: { path: { id } }, signal })),
    // Spec 1 §9: lead cache 30 s.
    staleTime: 30_000,
  });

export const useLead = (id: string | null) => useQuery({ ...leadQueryOptions(id ?? ''), enabled: Boolean(id) });
