// PATCH /api/clients/:id with the version last read (409 when someone else saved first).
import { answer, server, timeoutSignal } from '../../../lib/api-client.ts';
import { withSaveRetry } from '../../../lib/save-retry.ts';
import type { ClientUpdateBody } from '../client-form-values.ts';
import { useWrite } from '../../../lib/use-write.ts';

export type UpdateClientVariables = { id: string; input: ClientUpdateBody };

export function useUpdateClient() {
  return useWrite(
    'client',
    ({ id, input }: UpdateClientVariables) =>
      withSaveRetry((timeoutMs) =>
        answer(
          server.PATCH('/api/clients/{id}', {
            params: { path: { id } },
            body: input,
            signal: timeoutSignal(timeoutMs),
          }),
        ),
      ),
    {
      show: (queryClient, client) => queryClient.setQueryData(['client', 'detail', client.id], client),
    },
  );
}
