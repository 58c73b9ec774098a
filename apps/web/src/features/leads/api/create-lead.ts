// POST /api/leads (15 s timeout, the §9 retry rule on network errors only).
import type { LeadInput } from '@crm/domain';
import { answer, server, timeoutSignal } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { withSaveRetry } from '../../../lib/save-retry.ts';

export function useCreateLead() {
  return useWrite(
    'lead',
    (input: LeadInput) =>
      withSaveRetry((timeoutMs) =>
        answer(server.POST('/api/leads', { body: input, signal: timeoutSignal(timeoutMs) })),
      ),
    {
      show: (queryClient, lead) => queryClient.setQueryData(['lead', 'detail', lead.id], lead),
    },
  );
}
