// POST /api/clients/:id/revert: 'Revert to Lead' (the client becomes Reverted, its lead is back in the pipeline).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReversionResult } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { type ClientActionVariables, clientPath } from './client-action-variables.ts';
import { invalidateRecordQueries } from '../../../lib/invalidate-records.ts';

export function useRevertClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: ClientActionVariables) => api.post<ReversionResult>(clientPath(id, '/revert')),
    onSuccess: () => invalidateRecordQueries(queryClient),
  });
}
