// POST /api/clients/:id/hide: leaves the list unless 'Show Hidden' is on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientActionResult } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { type ClientActionVariables, clientPath, reasonBody } from './client-action-variables.ts';
import { invalidateRecordQueries } from '../../../lib/invalidate-records.ts';

export function useHideClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: ClientActionVariables) =>
      api.post<ClientActionResult>(clientPath(id, '/hide'), reasonBody(reason)),
    onSuccess: () => invalidateRecordQueries(queryClient),
  });
}
