import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { answer, server } from '../../../lib/api-client.ts';
import { sessionQueryKey } from './session.ts';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => answer(server.POST('/api/auth/sign-out')),
    onSuccess: async () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      await navigate({ to: '/auth' });
    },
    onError: () => notifications.show({ color: 'red', message: 'Failed to sign out' }),
  });
}
