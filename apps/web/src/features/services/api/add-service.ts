// POST /api/leads/:id/services or /api/clients/:id/services: a new service on the record.
import type { ServiceRecord } from '@crm/domain';
import { useWrite } from '../../../lib/use-write.ts';
import { answer, server } from '../../../lib/api-client.ts';
import type { NewServiceBody } from '../service-form-values.ts';
import { type ServiceOwner, serviceKeys } from './service-keys.ts';
import { showSavedService } from './update-service.ts';

export function useAddService(owner: ServiceOwner) {
  return useWrite(
    owner.type,
    (input: NewServiceBody) => {
      const params = { path: { id: owner.id } };
      return owner.type === 'lead'
        ? answer(server.POST('/api/leads/{id}/services', { params, body: input }))
        : answer(server.POST('/api/clients/{id}/services', { params, body: input }));
    },
    {
      show: (queryClient, saved) => {
        // Newest first, as the server lists them.
        queryClient.setQueryData<ServiceRecord[]>(serviceKeys.ofRecord(owner), (list) =>
          list ? [saved, ...list.filter((s) => s.id !== saved.id)] : list,
        );
        showSavedService(queryClient, owner, saved);
      },
    },
  );
}
