// POST /api/clients/:id/unhide: back in the list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientActionResult } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { type ClientActionVariables, clientPath, reasonBody } from './client-action-variables.ts';
import { invalidateRecordQueries } from '../../../lib/invalidate-records.ts';

export function useUnhideClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: ClientActionVariables) =>
      api.post<ClientActionResult>(clientPath(id, '/unhide'), reasonBody(reason)),
    onSuccess: () => invalidateRecordQueries(queryClient),
  });
}
