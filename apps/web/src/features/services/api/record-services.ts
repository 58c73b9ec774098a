// GET /api/leads/:id/services and /api/clients/:id/services: the record's services, newest first (≤ 100).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { type ServiceOwner, serviceKeys } from './service-keys.ts';

/** Spec 2 §9: services are cached 15 minutes; change events refresh them sooner. */
export const SERVICES_STALE_MS = 15 * 60_000;

export const recordServicesQueryOptions = (owner: ServiceOwner) =>
  queryOptions({
    queryKey: serviceKeys.ofRecord(owner),
    queryFn: ({ signal }) => {
      const params = { path: { id: owner.id } };
      return owner.type === 'lead'
        ? answer(server.GET('/api/leads/{id}/services', { params, signal }))
        : answer(server.GET('/api/clients/{id}/services', { params, signal }));
    },
    staleTime: SERVICES_STALE_MS,
  });

export const useRecordServices = (owner: ServiceOwner) => useQuery(recordServicesQueryOptions(owner));
