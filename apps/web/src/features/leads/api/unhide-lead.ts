// POST /api/leads/:id/unhide: back in the list.
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { type LeadActionVariables, reasonBody } from './lead-action-variables.ts';

export function useUnhideLead() {
  return useWrite('lead', ({ id, reason }: LeadActionVariables) =>
    answer(server.POST('/api/leads/{id}/unhide', { params: { path: { id } }, body: reasonBody(reason) })),
  );
}
