// GET /api/profile and its mutations (one request each).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput, ProfileUpdateInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';

export const profileQueryOptions = queryOptions({
  queryKey: ['profile'],
  queryFn: () => answer(server.GET('/api/profile')),
});

export const useProfile = () => useQuery(profileQueryOptions);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput & { version: number }) =>
      answer(server.PATCH('/api/profile', { body: input })),
    onSuccess: (user) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, user);
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => answer(server.POST('/api/profile/password', { body: input })),
    // A temporary password changed: the session no longer asks for it, and the other pages open.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['session'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

export function useSendPasswordResetEmail() {
  return useMutation({
    mutationFn: () => answer(server.POST('/api/profile/password-reset-email')),
  });
}
