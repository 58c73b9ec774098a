import { useMutation } from '@tanstack/react-query';
import type { PasswordResetInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetInput) => answer(server.POST('/api/auth/password-reset/confirm', { body: input })),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => answer(server.POST('/api/auth/password-reset/request', { body: { email } })),
  });
}
