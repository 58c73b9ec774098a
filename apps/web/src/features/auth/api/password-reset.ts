import { useMutation } from '@tanstack/react-query';
import type { PasswordResetInput } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetInput) =>
      api.post<{ ok: true; message: string }>('/api/auth/password-reset/confirm', input),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<{ ok: true; message: string }>('/api/auth/password-reset/request', { email }),
  });
}
