// DELETE /api/clients/:id/permanent: the client is gone for good (account_administrator).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientActionResult } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { type ClientActionVariables, clientPath } from './client-action-variables.ts';
import { invalidateRecordQueries } from '../../../lib/invalidate-records.ts';

export function usePermanentlyDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: ClientActionVariables) => api.delete<ClientActionResult>(clientPath(id, '/permanent')),
    onSuccess: () => invalidateRecordQueries(queryClient),
  });
}
