// POST /api/clients/:id/unhide: back in the list.
import { answer, server } from '../../../lib/api-client.ts';
import { type ClientActionVariables, reasonBody } from './client-action-variables.ts';
import { useWrite } from '../../../lib/use-write.ts';

export function useUnhideClient() {
  return useWrite('client', ({ id, reason }: ClientActionVariables) =>
    answer(server.POST('/api/clients/{id}/unhide', { params: { path: { id } }, body: reasonBody(reason) })),
  );
}
