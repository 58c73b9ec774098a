// GET /api/leads/:leadId/client: the client a lead became (a link to a converted lead opens it).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientRecord } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';

export const clientConvertedFromQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: ['client', 'converted-from', leadId],
    queryFn: ({ signal }) => api.get<ClientRecord>(`/api/leads/${encodeURIComponent(leadId)}/client`, { signal }),
    staleTime: 30_000,
  });

export const useClientConvertedFrom = (leadId: string | null) =>
  useQuery({ ...clientConvertedFromQueryOptions(leadId ?? ''), enabled: Boolean(leadId) });
