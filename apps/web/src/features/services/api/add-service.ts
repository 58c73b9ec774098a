// POST /api/leads/:id/services or /api/clients/:id/services: a new service on the record.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRecord } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import type { ServiceBody } from '../service-form-values.ts';
import { recordServicesPath, type ServiceOwner, serviceKeys } from './service-keys.ts';
import { showSavedService } from './update-service.ts';

export function useAddService(owner: ServiceOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceBody) => api.post<ServiceRecord>(recordServicesPath(owner), input),
    onSuccess: (saved) => {
      // Newest first, as the server lists them.
      queryClient.setQueryData<ServiceRecord[]>(serviceKeys.ofRecord(owner), (list) =>
        list ? [saved, ...list.filter((s) => s.id !== saved.id)] : list,
      );
      showSavedService(queryClient, owner, saved);
    },
  });
}
