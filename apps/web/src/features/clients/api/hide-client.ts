// POST /api/clients/:id/hide: leaves the list unless 'Show Hidden' is on.
import { answer, server } from '../../../lib/api-client.ts';
import { type ClientActionVariables, reasonBody } from './client-action-variables.ts';
import { useWrite } from '../../../lib/use-write.ts';

export function useHideClient() {
  return useWrite('client', ({ id, reason }: ClientActionVariables) =>
    answer(server.POST('/api/clients/{id}/hide', { params: { path: { id } }, body: reasonBody(reason) })),
  );
}
