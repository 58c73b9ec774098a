// POST /api/leads/:id/hide: leaves the list unless 'Show Hidden' is on.
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { type LeadActionVariables, reasonBody } from './lead-action-variables.ts';

export function useHideLead() {
  return useWrite('lead', ({ id, reason }: LeadActionVariables) =>
    answer(server.POST('/api/leads/{id}/hide', { params: { path: { id } }, body: reasonBody(reason) })),
  );
}
