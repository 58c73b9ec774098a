// DELETE /api/clients/:id: soft delete to Deleted Items (administrator, account_administrator).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { type ClientActionVariables, reasonBody } from './client-action-variables.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: ClientActionVariables) =>
      answer(server.DELETE('/api/clients/{id}', { params: { path: { id } }, body: reasonBody(reason) })),
    onSuccess: () => refreshAfterWrite(queryClient, 'client'),
  });
}
