// POST /api/leads/:id/hide: leaves the list unless 'Show Hidden' is on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { type LeadActionVariables, reasonBody } from './lead-action-variables.ts';

export function useHideLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: LeadActionVariables) =>
      answer(server.POST('/api/leads/{id}/hide', { params: { path: { id } }, body: reasonBody(reason) })),
    onSuccess: () => refreshAfterWrite(queryClient, 'lead'),
  });
}
