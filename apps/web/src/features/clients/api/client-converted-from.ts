// GET /api/leads/:leadId/client: the client a lead became (a link to a converted lead opens it).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

export const clientConvertedFromQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: ['client', 'converted-from', leadId],
    queryFn: ({ signal }) => answer(server.GET('/api/leads/{id}/client', { params: { path: { id: leadId } }, signal })),
    staleTime: 30_000,
  });

export const useClientConvertedFrom = (leadId: string | null) =>
  useQuery({ ...clientConvertedFromQueryOptions(leadId ?? ''), enabled: Boolean(leadId) });
