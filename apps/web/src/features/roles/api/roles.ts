// /api/roles: the role cards of Roles & Permissions and the account administrator's changes. Keyed under
// 'roles', which the role_permissions and user change events refresh (lib/live-updates.ts).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Module, Role, RoleSummary } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';

export const useRoles = () =>
  useQuery(
    queryOptions({
      queryKey: ['roles'],
      queryFn: ({ signal }) => api.get<RoleSummary[]>('/api/roles', { signal }),
      staleTime: 60_000,
    }),
  );

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, modules }: { role: Role; modules: readonly Module[] | null }) =>
      modules === null
        ? api.post<RoleSummary>(`/api/roles/${role}/restore-defaults`)
        : api.put<RoleSummary>(`/api/roles/${role}`, { modules }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['roles'] });
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
