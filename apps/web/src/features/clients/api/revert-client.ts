// POST /api/clients/:id/revert: 'Revert to Lead' (the client becomes Reverted, its lead is back in the pipeline).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import type { ClientActionVariables } from './client-action-variables.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';

export function useRevertClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: ClientActionVariables) =>
      answer(server.POST('/api/clients/{id}/revert', { params: { path: { id } } })),
    onSuccess: () => refreshAfterWrite(queryClient, 'client'),
  });
}
