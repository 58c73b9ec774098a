// Administration → User Management's calls (/api/users): the list and its cards, and every action on a
// user. Keyed under 'users', which the server's 'user' change events refresh (lib/live-updates.ts).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  CreatedUser,
  CreateUserInput,
  ResetUserPasswordInput,
  ResetUserPasswordResult,
  UpdateUserInput,
  UserBulkInput,
  UserBulkResult,
  UserPage,
  UserStatistics,
} from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { listQueryOptions, type PageParams } from '../../../lib/list-query.ts';

export type UserListParams = Pick<PageParams, 'search' | 'page' | 'after' | 'before' | 'last' | 'pageSize'>;

export const useUserList = (params: UserListParams) =>
  useQuery(listQueryOptions<UserPage>('users', '/api/users', params, { staleTime: 30_000 }));

export const useUserStatistics = () =>
  useQuery(
    queryOptions({
      queryKey: ['users', 'statistics'],
      queryFn: ({ signal }) => api.get<UserStatistics>('/api/users/statistics', { signal }),
      staleTime: 30_000,
    }),
  );

const userPath = (id: string, action = '') => `/api/users/${encodeURIComponent(id)}${action}`;

/** Every user mutation refreshes the list and the cards (the live event does the same for other tabs). */
function useUserMutation<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export const useCreateUser = () =>
  useUserMutation((input: CreateUserInput) => api.post<CreatedUser>('/api/users', input));

export const useUpdateUser = () =>
  useUserMutation(({ id, ...body }: UpdateUserInput & { id: string }) => api.patch<AdminUser>(userPath(id), body));

export const useSetUserStatus = () =>
  useUserMutation(({ id, status }: { id: string; status: 'active' | 'suspended' }) =>
    api.post<AdminUser>(userPath(id, status === 'active' ? '/activate' : '/suspend')),
  );

export const useResetUserPassword = () =>
  useUserMutation(({ id, ...body }: ResetUserPasswordInput & { id: string }) =>
    api.post<ResetUserPasswordResult>(userPath(id, '/reset-password'), body),
  );

export const useDeleteUser = () =>
  useUserMutation(({ id, reassignTo }: { id: string; reassignTo: string | null }) =>
    api.delete<{ ok: true }>(
      reassignTo ? `${userPath(id)}?reassignTo=${encodeURIComponent(reassignTo)}` : userPath(id),
    ),
  );

export const useBulkUsers = () =>
  useUserMutation((input: UserBulkInput) => api.post<UserBulkResult>('/api/users/bulk', input));

/** Export Users: the CSV the server writes, saved under its dated name. */
export async function exportUsers(today: string): Promise<void> {
  saveFile(await fetchFile('/api/users/export'), `users-export-${today}.csv`);
}
