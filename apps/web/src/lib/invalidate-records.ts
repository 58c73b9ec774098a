// Leads, clients and contacts move into each other (conversion, reversion, delete); the combined record
// list and the dashboard count them: a write to one refreshes them all. When that refresh fails the user
// is told the screen may be behind (spec 1 §8 'Data refresh warning').
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';

const RECORD_FAMILY = ['lead', 'client', 'contact', 'record', 'dashboard'] as const;

export const DATA_REFRESH_WARNING = 'Data refresh warning: Please refresh the page to see latest updates';

export function invalidateRecordQueries(queryClient: QueryClient): void {
  void Promise.all(RECORD_FAMILY.map((key) => queryClient.invalidateQueries({ queryKey: [key] }))).then(() => {
    const stale = queryClient
      .getQueryCache()
      .findAll({ type: 'active' })
      .some(
        (query) =>
          (RECORD_FAMILY as readonly unknown[]).includes(query.queryKey[0]) &&
          query.state.status === 'error' &&
          query.state.fetchStatus === 'idle',
      );
    if (stale) notifications.show({ color: 'orange', message: DATA_REFRESH_WARNING });
  });
}
