import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { clearSessionExpired } from '../../../lib/session-expiry.ts';
import { sessionQueryKey } from './session.ts';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => answer(server.POST('/api/auth/sign-in', { body: input })),
    onSuccess: (session) => {
      clearSessionExpired();
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
