// PATCH /api/leads/:id with the version last read (409 when someone else saved first).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadPatchInput, LeadRecord } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { invalidateRecordQueries } from '../../../lib/invalidate-records.ts';
import { withSaveRetry } from '../../../lib/save-retry.ts';

export type UpdateLeadVariables = { id: string; input: LeadPatchInput };

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: UpdateLeadVariables) =>
      withSaveRetry((timeoutMs) => api.patch<LeadRecord>(`/api/leads/${encodeURIComponent(id)}`, input, { timeoutMs })),
    onSuccess: (lead) => {
      queryClient.setQueryData(['lead', 'detail', lead.id], lead);
      invalidateRecordQueries(queryClient);
    },
  });
}
