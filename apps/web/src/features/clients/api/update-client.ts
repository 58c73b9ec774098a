// PATCH /api/clients/:id with the version last read (409 when someone else saved first).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, server, timeoutSignal } from '../../../lib/api-client.ts';
import { withSaveRetry } from '../../../lib/save-retry.ts';
import type { ClientUpdateBody } from '../client-form-values.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';

export type UpdateClientVariables = { id: string; input: ClientUpdateBody };

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: UpdateClientVariables) =>
      withSaveRetry((timeoutMs) =>
        answer(
          server.PATCH('/api/clients/{id}', {
            params: { path: { id } },
            body: input,
            signal: timeoutSignal(timeoutMs),
          }),
        ),
      ),
    onSuccess: (client) => {
      queryClient.setQueryData(['client', 'detail', client.id], client);
      refreshAfterWrite(queryClient, 'client');
    },
  });
}
