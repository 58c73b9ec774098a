// The firm's time zone and date format (GET /api/settings/display), read once after sign-in and kept:
// it lives under the session's key, so signing in or out drops it, and a live 'settings' or 'user'
// event refreshes it (lib/live-updates.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_DISPLAY_SETTING, type DisplaySetting } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';

export const displaySettingQueryKey = ['session', 'display-setting'] as const;

export const displaySettingQueryOptions = queryOptions({
  queryKey: displaySettingQueryKey,
  queryFn: () => answer(server.GET('/api/settings/display')),
  // Changes arrive as live events; there is nothing to poll for.
  staleTime: Number.POSITIVE_INFINITY,
});

/** The stored setting, or the defaults until it has arrived (or when it cannot be read). */
export function useDisplaySetting(): DisplaySetting {
  return useQuery(displaySettingQueryOptions).data ?? DEFAULT_DISPLAY_SETTING;
}
