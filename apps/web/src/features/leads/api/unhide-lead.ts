// POST /api/leads/:id/unhide: back in the list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type LeadActionVariables, reasonBody } from './lead-action-variables.ts';

export function useUnhideLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: LeadActionVariables) =>
      api.post(`/api/leads/${encodeURIComponent(id)}/unhide`, reasonBody(reason)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['lead'] });
    },
  });
}
