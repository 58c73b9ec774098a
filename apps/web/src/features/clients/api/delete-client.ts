// DELETE /api/clients/:id: soft delete to Deleted Items (administrator, account_administrator).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientActionResult } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { type ClientActionVariables, clientPath, reasonBody } from './client-action-variables.ts';
import { invalidateRecordQueries } from '../../../lib/invalidate-records.ts';

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: ClientActionVariables) =>
      api.delete<ClientActionResult>(clientPath(id), reasonBody(reason)),
    onSuccess: () => invalidateRecordQueries(queryClient),
  });
}
