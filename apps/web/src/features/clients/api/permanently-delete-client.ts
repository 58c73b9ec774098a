// DELETE /api/clients/:id/permanent: the client is gone for good (account_administrator).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import type { ClientActionVariables } from './client-action-variables.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';

export function usePermanentlyDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: ClientActionVariables) =>
      answer(server.DELETE('/api/clients/{id}/permanent', { params: { path: { id } } })),
    onSuccess: () => refreshAfterWrite(queryClient, 'client'),
  });
}
