// DELETE /api/leads/:id: soft delete to Deleted Items (administrator, account_administrator).
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { type LeadActionVariables, reasonBody } from './lead-action-variables.ts';

export function useDeleteLead() {
  return useWrite('lead', ({ id, reason }: LeadActionVariables) =>
    answer(server.DELETE('/api/leads/{id}', { params: { path: { id } }, body: reasonBody(reason) })),
  );
}
