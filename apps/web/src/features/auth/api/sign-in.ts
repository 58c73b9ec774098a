import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { clearSessionExpired } from '../../../lib/session-expiry.ts';
import { type Session, sessionQueryKey } from './session.ts';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<Session>('/api/auth/sign-in', input),
    onSuccess: (session) => {
      clearSessionExpired();
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
