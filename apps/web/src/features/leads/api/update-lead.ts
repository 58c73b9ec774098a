// PATCH /api/leads/:id with the version last read (409 when someone else saved first).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadPatch } from '@crm/domain';
import { answer, server, timeoutSignal } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { withSaveRetry } from '../../../lib/save-retry.ts';

export type UpdateLeadVariables = { id: string; input: LeadPatch };

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: UpdateLeadVariables) =>
      withSaveRetry((timeoutMs) =>
        answer(
          server.PATCH('/api/leads/{id}', { params: { path: { id } }, body: input, signal: timeoutSignal(timeoutMs) }),
        ),
      ),
    onSuccess: (lead) => {
      queryClient.setQueryData(['lead', 'detail', lead.id], lead);
      refreshAfterWrite(queryClient, 'lead');
    },
  });
}
