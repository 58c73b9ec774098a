// Administration → User Management's calls (/api/users): the list and its cards, and every action on a
// user. Keyed under 'users', which the server's 'user' change events refresh (lib/refresh.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreateUserInput, ResetUserPasswordInput, UpdateUserInput, UserBulkInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { listQuery, listQueryOptions, type PageParams } from '../../../lib/list-query.ts';

export type UserListParams = Pick<PageParams, 'search' | 'page' | 'after' | 'before' | 'last' | 'pageSize'>;

export const useUserList = (params: UserListParams) =>
  useQuery(
    listQueryOptions(
      'users',
      params,
      (signal) => answer(server.GET('/api/users', { params: { query: listQuery(params) }, signal })),
      { staleTime: 30_000 },
    ),
  );

export const useUserStatistics = () =>
  useQuery(
    queryOptions({
      queryKey: ['users', 'statistics'],
      queryFn: ({ signal }) => answer(server.GET('/api/users/statistics', { signal })),
      staleTime: 30_000,
    }),
  );

/** Every user write refreshes what a 'user' event does: the list and cards, the session, Staffing. */
const useUserMutation = <TInput, TResult>(run: (input: TInput) => Promise<TResult>) => useWrite('user', run);

export const useCreateUser = () =>
  useUserMutation((input: CreateUserInput) => answer(server.POST('/api/users', { body: input })));

export const useUpdateUser = () =>
  useUserMutation(({ id, ...body }: UpdateUserInput & { id: string }) =>
    answer(server.PATCH('/api/users/{id}', { params: { path: { id } }, body })),
  );

export const useSetUserStatus = () =>
  useUserMutation(({ id, status }: { id: string; status: 'active' | 'suspended' }) =>
    status === 'active'
      ? answer(server.POST('/api/users/{id}/activate', { params: { path: { id } } }))
      : answer(server.POST('/api/users/{id}/suspend', { params: { path: { id } } })),
  );

export const useResetUserPassword = () =>
  useUserMutation(({ id, ...body }: ResetUserPasswordInput & { id: string }) =>
    answer(server.POST('/api/users/{id}/reset-password', { params: { path: { id } }, body })),
  );

export const useDeleteUser = () =>
  useUserMutation(({ id, reassignTo }: { id: string; reassignTo: string | null }) =>
    answer(
      server.DELETE('/api/users/{id}', { params: { path: { id }, query: { reassignTo: reassignTo || undefined } } }),
    ),
  );

export const useBulkUsers = () =>
  useUserMutation((input: UserBulkInput) => answer(server.POST('/api/users/bulk', { body: input })));

/** Export Users: the CSV the server writes, saved under its dated name. */
export async function exportUsers(today: string): Promise<void> {
  saveFile(await fetchFile('/api/users/export'), `users-export-${today}.csv`);
}
