// GET /api/profile and its mutations (one request each).
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PasswordChangeInput, ProfileUpdateInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

export const profileQueryOptions = queryOptions({
  queryKey: ['profile'],
  queryFn: () => answer(server.GET('/api/profile')),
});

export const useProfile = () => useQuery(profileQueryOptions);

export function useUpdateProfile() {
  return useWrite(
    'user',
    (input: ProfileUpdateInput & { version: number }) => answer(server.PATCH('/api/profile', { body: input })),
    {
      show: (queryClient, user) => queryClient.setQueryData(profileQueryOptions.queryKey, user),
    },
  );
}

export function useChangePassword() {
  // A temporary password changed: the session no longer asks for it, and the other pages open.
  return useWrite('user', (input: PasswordChangeInput) =>
    answer(server.POST('/api/profile/password', { body: input })),
  );
}

export function useSendPasswordResetEmail() {
  return useMutation({
    mutationFn: () => answer(server.POST('/api/profile/password-reset-email')),
  });
}
