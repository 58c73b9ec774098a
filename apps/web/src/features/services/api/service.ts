// GET /api/services/:id: one service, read afresh when its dialog opens (404: 'Service not found or has
// been deleted').
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { type ServiceOwner, serviceKeys } from './service-keys.ts';

export const serviceQueryOptions = (owner: ServiceOwner, serviceId: string) =>
  queryOptions({
    queryKey: serviceKeys.one(owner, serviceId),
    queryFn: ({ signal }) => answer(server.GET('/api/services/{id}', { params: { path: { id: serviceId } }, signal })),
    // The dialog edits what is saved now, not what the list read a while ago.
    staleTime: 0,
  });

export const useService = (owner: ServiceOwner, serviceId: string | null) =>
  useQuery({ ...serviceQueryOptions(owner, serviceId ?? ''), enabled: Boolean(serviceId) });
