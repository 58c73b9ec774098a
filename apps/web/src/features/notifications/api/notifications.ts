// The in-app notification list and the notification switches. Everything is under 'notification', which
// the user's own change event (published at each new alert and each read) refreshes.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

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
  return useWrite(
    'notification',
    (id: string | null) =>
      id
        ? answer(server.POST('/api/notifications/{id}/read', { params: { path: { id } } }))
        : answer(server.POST('/api/notifications/read-all')),
    { refreshAfterRefusal: true },
  );
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
  // The firm's defaults are what users without their own switches see: the refresh of every notification
  // query reads those again too.
  return useWrite(
    'notification',
    (next: NotificationPreferences) =>
      scope === 'profile'
        ? answer(server.PUT('/api/profile/notifications', { body: next }))
        : answer(server.PUT('/api/settings/notifications', { body: next })),
    { show: (queryClient, saved) => queryClient.setQueryData(['notification', 'switches', scope], saved) },
  );
}
