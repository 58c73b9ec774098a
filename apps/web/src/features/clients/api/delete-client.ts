// DELETE /api/clients/:id: soft delete to Deleted Items (administrator, account_administrator).
import { answer, server } from '../../../lib/api-client.ts';
import { type ClientActionVariables, reasonBody } from './client-action-variables.ts';
import { useWrite } from '../../../lib/use-write.ts';

export function useDeleteClient() {
  return useWrite('client', ({ id, reason }: ClientActionVariables) =>
    answer(server.DELETE('/api/clients/{id}', { params: { path: { id } }, body: reasonBody(reason) })),
  );
}
