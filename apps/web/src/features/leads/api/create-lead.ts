// POST /api/leads (15 s timeout, the §9 retry rule on network errors only).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadInput } from '@crm/domain';
import { answer, server, timeoutSignal } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { withSaveRetry } from '../../../lib/save-retry.ts';

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeadInput) =>
      withSaveRetry((timeoutMs) =>
        answer(server.POST('/api/leads', { body: input, signal: timeoutSignal(timeoutMs) })),
      ),
    onSuccess: (lead) => {
      queryClient.setQueryData(['lead', 'detail', lead.id], lead);
      refreshAfterWrite(queryClient, 'lead');
    },
  });
}
