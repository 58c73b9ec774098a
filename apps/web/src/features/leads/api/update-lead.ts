// PATCH /api/leads/:id with the version last read (409 when someone else saved first).
import type { LeadPatch } from '@crm/domain';
import { answer, server, timeoutSignal } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { withSaveRetry } from '../../../lib/save-retry.ts';

export type UpdateLeadVariables = { id: string; input: LeadPatch };

export function useUpdateLead() {
  return useWrite(
    'lead',
    ({ id, input }: UpdateLeadVariables) =>
      withSaveRetry((timeoutMs) =>
        answer(
          server.PATCH('/api/leads/{id}', { params: { path: { id } }, body: input, signal: timeoutSignal(timeoutMs) }),
        ),
      ),
    {
      show: (queryClient, lead) => queryClient.setQueryData(['lead', 'detail', lead.id], lead),
    },
  );
}
