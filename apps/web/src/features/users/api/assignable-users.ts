// GET /api/users/assignable?roles=…: the people a user picker offers (spec 1 §6.4).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';

export const assignableUsersQueryOptions = (roles: readonly Role[]) =>
  queryOptions({
    // Under 'users' so a change to any user (role, name, status) refreshes the pickers.
    queryKey: ['users', 'assignable', [...roles].sort().join(',')],
    queryFn: ({ signal }) =>
      answer(
        server.GET('/api/users/assignable', {
          params: { query: { roles: [...roles] } },
          signal,
        }),
      ),
    // Spec 1 §9: fresh 30 min, kept 60 min, 3 retries.
    staleTime: 30 * 60_000,
    gcTime: 60 * 60_000,
    retry: 3,
  });

/** Not fetched while the picker cannot be used (read-only form, or an assignment the role may not change). */
export const useAssignableUsers = (roles: readonly Role[], enabled = true) =>
  useQuery({ ...assignableUsersQueryOptions(roles), enabled });
