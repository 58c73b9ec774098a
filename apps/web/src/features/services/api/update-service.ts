// PATCH /api/services/:id with the whole form and the version last read (409 when someone saved first).
import type { QueryClient } from '@tanstack/react-query';
import type { ServiceRecord } from '@crm/domain';
import { useWrite } from '../../../lib/use-write.ts';
import { answer, server } from '../../../lib/api-client.ts';
import type { ServiceBody } from '../service-form-values.ts';
import { type ServiceOwner, serviceKeys } from './service-keys.ts';

export type UpdateServiceVariables = { id: string; input: ServiceBody & { version: number } };

/** A saved service in the cache at once (list and detail), then the record's services read again. */
export function showSavedService(queryClient: QueryClient, owner: ServiceOwner, saved: ServiceRecord) {
  queryClient.setQueryData(serviceKeys.one(owner, saved.id), saved);
  queryClient.setQueryData<ServiceRecord[]>(serviceKeys.ofRecord(owner), (list) =>
    list?.map((s) => (s.id === saved.id ? saved : s)),
  );
  void queryClient.invalidateQueries({ queryKey: serviceKeys.ofRecord(owner), exact: true });
}

export function useUpdateService(owner: ServiceOwner) {
  return useWrite(
    owner.type,
    ({ id, input }: UpdateServiceVariables) =>
      answer(server.PATCH('/api/services/{id}', { params: { path: { id } }, body: input })),
    {
      show: (queryClient, saved) => showSavedService(queryClient, owner, saved),
    },
  );
}
