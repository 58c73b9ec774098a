// DELETE /api/services/:id: a soft delete with an optional reason (administrators can recover it).
import type { ServiceRecord } from '@crm/domain';
import { useWrite } from '../../../lib/use-write.ts';
import { answer, server } from '../../../lib/api-client.ts';
import { type ServiceOwner, serviceKeys } from './service-keys.ts';

export type DeleteServiceVariables = { id: string; reason?: string; version: number };

export function useDeleteService(owner: ServiceOwner) {
  return useWrite(
    owner.type,
    ({ id, reason, version }: DeleteServiceVariables) =>
      answer(
        server.DELETE('/api/services/{id}', {
          params: { path: { id } },
          body: { reason: reason?.trim() || undefined, version },
        }),
      ),
    {
      show: (queryClient, _answer, { id }) => {
        queryClient.setQueryData<ServiceRecord[]>(serviceKeys.ofRecord(owner), (list) =>
          list?.filter((s) => s.id !== id),
        );
        queryClient.removeQueries({ queryKey: serviceKeys.one(owner, id) });
        void queryClient.invalidateQueries({ queryKey: serviceKeys.ofRecord(owner), exact: true });
      },
    },
  );
}
