// The in-app notification list and the notification switches. Everything is under 'notification', which
// the user's own change event (published at each new alert and each read) refreshes.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationPreferences } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';

const listKey = ['notification', 'list'] as const;

export const useNotifications = () =>
  useInfiniteQuery({
    queryKey: listKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationList>(
        `/api/notifications?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      api.post(id ? `/api/notifications/${encodeURIComponent(id)}/read` : '/api/notifications/read-all'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** 'profile': my switches; 'firm': the firm's defaults (Administration). */
export type SwitchesScope = 'profile' | 'firm';
const pathOf = (scope: SwitchesScope) =>
  scope === 'profile' ? '/api/profile/notifications' : '/api/settings/notifications';

export const useNotificationSwitches = (scope: SwitchesScope) =>
  useQuery({
    queryKey: ['notification', 'switches', scope],
    queryFn: ({ signal }) => api.get<NotificationPreferences>(pathOf(scope), { signal }),
  });

export function useSaveNotificationSwitches(scope: SwitchesScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: NotificationPreferences) => api.put<NotificationPreferences>(pathOf(scope), next),
    onSuccess: (saved) => {
      queryClient.setQueryData(['notification', 'switches', scope], saved);
      // The firm's defaults are what users without their own switches see.
      if (scope === 'firm') void queryClient.invalidateQueries({ queryKey: ['notification', 'switches', 'profile'] });
    },
  });
}
