// Keeps every open screen current: one Server-Sent Events stream per tab; each change event
// invalidates the queries of its resource. Reconnects by itself (spec 1 §9: 3 attempts at
// 2 s × attempt), then reports the connection lost and keeps probing every 30 s.
import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type ChangeEvent, RECONNECT_ATTEMPTS, reconnectDelayMs } from '@crm/domain';
import { server } from './api-client.ts';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'lost';

const PROBE_INTERVAL_MS = 30_000;

/** Query keys that depend on a resource besides the resource's own key. */
const DEPENDENTS: Record<string, readonly (readonly string[])[]> = {
  user: [['session'], ['profile'], ['users'], ['roles'], ['staffing']],
  // A role's modules changed: menus and guards (the session carries the matrix), the role cards, and the
  // library's access matrix and role comparison (generated from the matrix).
  role_permissions: [['session'], ['roles'], ['document']],
  // The firm's display setting sits under the session's key (features/settings/api/display-setting.ts).
  // The branding (company name, colours, logo) is its own query (app/branding.ts).
  settings: [['session', 'display-setting'], ['branding']],
  // Leads, clients and contacts move into each other (conversion, reversion, archive, restore), the
  // combined record list shows leads and clients, and the dashboard counts them: one family. A record's
  // services are cached under its key ([type, 'services', id]), so the record's event, which every service
  // write publishes, refreshes them too (features/services/api/service-keys.ts). The Finance services
  // overview (['services', …]) lists every record's services, so each of these events refreshes it.
  // Deleted Items lists deleted leads, clients, services (their record's event) and invoices.
  // Staffing counts everyone's open leads, clients and tasks (a task's write publishes its record's event).
  // A refund of a record's client money publishes the record's event: Finance's refunds list follows.
  // The phone numbers to review (Data Management) drop a record once its number is corrected.
  lead: [
    ['client'],
    ['contact'],
    ['record'],
    ['dashboard'],
    ['services'],
    ['deleted-items'],
    ['staffing'],
    ['invoice', 'refunds'],
    ['phone-number-review'],
  ],
  client: [
    ['lead'],
    ['contact'],
    ['record'],
    ['dashboard'],
    ['services'],
    ['deleted-items'],
    ['staffing'],
    ['invoice', 'refunds'],
    ['phone-number-review'],
  ],
  contact: [['lead'], ['client'], ['record'], ['dashboard'], ['services'], ['deleted-items'], ['phone-number-review']],
  my_tasks: [['staffing']],
  invoice: [['deleted-items']],
  // A record's History lists the mails about its invoices with where each stands (issue 27).
  mail: [
    ['lead', 'history'],
    ['client', 'history'],
  ],
};

export function invalidateFor(queryClient: QueryClient, event: ChangeEvent) {
  // A backup was restored: any data on screen may have changed.
  if (event.resource === 'database') return void queryClient.invalidateQueries();
  void queryClient.invalidateQueries({ queryKey: [event.resource] });
  for (const key of DEPENDENTS[event.resource] ?? []) void queryClient.invalidateQueries({ queryKey: key });
}

const changeListeners = new Set<(event: ChangeEvent) => void>();

/** Hears every change event this tab receives (a toast following its mail); returns the unsubscribe. */
export function onChangeEvent(listener: (event: ChangeEvent) => void): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}

export function useLiveUpdates(enabled: boolean, onRestored: () => void): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let wasLost = false;
    let stopped = false;

    const connect = () => {
      if (stopped) return;
      source = new EventSource('/api/events');
      source.addEventListener('open', () => {
        if (wasLost) {
          // Events were missed while away: refresh everything on screen.
          void queryClient.invalidateQueries();
          onRestored();
        }
        attempt = 0;
        wasLost = false;
        setStatus('live');
      });
      source.addEventListener('change', (message) => {
        const event = JSON.parse((message as MessageEvent<string>).data) as ChangeEvent;
        invalidateFor(queryClient, event);
        for (const listener of changeListeners) listener(event);
      });
      source.addEventListener('error', () => {
        source?.close();
        if (stopped) return;
        // An ended session also breaks the stream: ask. A 401 raises the sign-in dialog (session-expiry.ts),
        // which stops this stream until the user is back, instead of reporting a lost connection.
        void server.GET('/api/auth/session').catch(() => undefined);
        attempt += 1;
        if (attempt <= RECONNECT_ATTEMPTS) {
          setStatus('reconnecting');
          timer = setTimeout(connect, reconnectDelayMs(attempt));
        } else {
          wasLost = true;
          setStatus('lost');
          timer = setTimeout(connect, PROBE_INTERVAL_MS);
        }
      });
    };
    const onOnline = () => {
      clearTimeout(timer);
      source?.close();
      connect();
    };
    connect();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      window.removeEventListener('online', onOnline);
    };
  }, [enabled, queryClient, onRestored]);

  return status;
}
