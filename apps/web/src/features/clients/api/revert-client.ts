// POST /api/clients/:id/revert: 'Revert to Lead' (the client becomes Reverted, its lead is back in the pipeline).
import { answer, server } from '../../../lib/api-client.ts';
import type { ClientActionVariables } from './client-action-variables.ts';
import { useWrite } from '../../../lib/use-write.ts';

export function useRevertClient() {
  return useWrite('client', ({ id }: ClientActionVariables) =>
    answer(server.POST('/api/clients/{id}/revert', { params: { path: { id } } })),
  );
}
