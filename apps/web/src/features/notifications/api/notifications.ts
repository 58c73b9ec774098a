// The in-app notification list and the notification switches. Everything is under 'notification', which
// the user's own change event (published at each new alert and each read) refreshes.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';

const listKey = ['notification', 'list'] as const;

export const useNotifications = () =>
  useInfiniteQuery({
    queryKey: listKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      answer(
        server.GET('/api/notifications', { params: { query: { limit: 20, cursor: pageParam || undefined } }, signal }),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id
        ? answer(server.POST('/api/notifications/{id}/read', { params: { path: { id } } }))
        : answer(server.POST('/api/notifications/read-all')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** 'profile': my switches; 'firm': the firm's defaults (Administration). */
export type SwitchesScope = 'profile' | 'firm';

export const useNotificationSwitches = (scope: SwitchesScope) =>
  useQuery({
    queryKey: ['notification', 'switches', scope],
    queryFn: ({ signal }) =>
      scope === 'profile'
        ? answer(server.GET('/api/profile/notifications', { signal }))
        : answer(server.GET('/api/settings/notifications', { signal })),
  });

export function useSaveNotificationSwitches(scope: SwitchesScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: NotificationPreferences) =>
      scope === 'profile'
        ? answer(server.PUT('/api/profile/notifications', { body: next }))
        : answer(server.PUT('/api/settings/notifications', { body: next })),
    onSuccess: (saved) => {
      queryClient.setQueryData(['notification', 'switches', scope], saved);
      // The firm's defaults are what users without their own switches see.
      if (scope === 'firm') void queryClient.invalidateQueries({ queryKey: ['notification', 'switches', 'profile'] });
    },
  });
}
