// DELETE /api/clients/:id/permanent: the client is gone for good (account_administrator).
import { answer, server } from '../../../lib/api-client.ts';
import type { ClientActionVariables } from './client-action-variables.ts';
import { useWrite } from '../../../lib/use-write.ts';

export function usePermanentlyDeleteClient() {
  return useWrite('client', ({ id }: ClientActionVariables) =>
    answer(server.DELETE('/api/clients/{id}/permanent', { params: { path: { id } } })),
  );
}
