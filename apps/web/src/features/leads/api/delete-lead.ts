// DELETE /api/leads/:id: soft delete to Deleted Items (administrator, account_administrator).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { type LeadActionVariables, reasonBody } from './lead-action-variables.ts';

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: LeadActionVariables) =>
      answer(server.DELETE('/api/leads/{id}', { params: { path: { id } }, body: reasonBody(reason) })),
    onSuccess: () => refreshAfterWrite(queryClient, 'lead'),
  });
}
