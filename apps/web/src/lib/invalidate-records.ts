// Leads, clients and contacts move into each other (conversion, reversion, delete); the combined record
// list and the dashboard count them: a write to one refreshes them all.
import type { QueryClient } from '@tanstack/react-query';

export function invalidateRecordQueries(queryClient: QueryClient) {
  for (const key of ['lead', 'client', 'contact', 'record', 'dashboard'])
    void queryClient.invalidateQueries({ queryKey: [key] });
}
