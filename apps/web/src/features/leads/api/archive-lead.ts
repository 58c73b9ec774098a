// POST /api/leads/:id/archive: moves the lead to contacts (hidden from the list; reversible).
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { type LeadActionVariables, reasonBody } from './lead-action-variables.ts';

export function useArchiveLead() {
  return useWrite('lead', ({ id, reason }: LeadActionVariables) =>
    answer(server.POST('/api/leads/{id}/archive', { params: { path: { id } }, body: reasonBody(reason) })),
  );
}
