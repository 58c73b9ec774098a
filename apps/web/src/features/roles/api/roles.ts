// /api/roles: the role cards of Roles & Permissions and the account administrator's changes. Keyed under
// 'roles', which the role_permissions and user change events refresh (lib/live-updates.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Module, Role } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

export const useRoles = () =>
  useQuery(
    queryOptions({
      queryKey: ['roles'],
      queryFn: ({ signal }) => answer(server.GET('/api/roles', { signal })),
      staleTime: 60_000,
    }),
  );

export function useSaveRole() {
  return useWrite('role_permissions', ({ role, modules }: { role: Role; modules: readonly Module[] | null }) =>
    modules === null
      ? answer(server.POST('/api/roles/{role}/restore-defaults', { params: { path: { role } } }))
      : answer(server.PUT('/api/roles/{role}', { params: { path: { role } }, body: { modules: [...modules] } })),
  );
}
