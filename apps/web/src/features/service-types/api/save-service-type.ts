// POST /api/settings/service-types (a new type) or PATCH /api/settings/service-types/:id with the version last
// read (409 when someone saved first; archiving and restoring send `archived` alone).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceTypeRecord } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { SERVICE_TYPES_PATH, serviceTypesQueryKey } from './service-types.ts';

export type ServiceTypeBody = {
  name?: string;
  defaultFees?: Record<string, string | null>;
  defaultTreatment?: string;
  archived?: boolean;
};

export type SaveServiceTypeVariables =
  { id: null; body: ServiceTypeBody } | { id: string; body: ServiceTypeBody & { version: number } };

export function useSaveServiceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveServiceTypeVariables) =>
      id === null
        ? api.post<ServiceTypeRecord>(SERVICE_TYPES_PATH, body)
        : api.patch<ServiceTypeRecord>(`${SERVICE_TYPES_PATH}/${encodeURIComponent(id)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceTypesQueryKey }),
  });
}
