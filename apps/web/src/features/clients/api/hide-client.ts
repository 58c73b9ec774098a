// POST /api/clients/:id/hide: leaves the list unless 'Show Hidden' is on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { type ClientActionVariables, reasonBody } from './client-action-variables.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';

export function useHideClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: ClientActionVariables) =>
      answer(server.POST('/api/clients/{id}/hide', { params: { path: { id } }, body: reasonBody(reason) })),
    onSuccess: () => refreshAfterWrite(queryClient, 'client'),
  });
}
