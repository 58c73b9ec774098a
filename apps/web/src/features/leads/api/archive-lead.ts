// POST /api/leads/:id/archive: moves the lead to contacts (hidden from the list; reversible).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { type LeadActionVariables, reasonBody } from './lead-action-variables.ts';

export function useArchiveLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: LeadActionVariables) =>
      answer(server.POST('/api/leads/{id}/archive', { params: { path: { id } }, body: reasonBody(reason) })),
    onSuccess: () => refreshAfterWrite(queryClient, 'lead'),
  });
}
