// Keeps every open screen current: one Server-Sent Events stream per tab; each change event
// refreshes the queries of its resource and those that depend on it (refresh.ts). Reconnects by itself (spec 1 §9: 3 attempts at
// 2 s × attempt), then reports the connection lost and keeps probing every 30 s.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, RECONNECT_ATTEMPTS, reconnectDelayMs } from '@crm/domain';
import { server } from './api-client.ts';
import { refreshFor } from './refresh.ts';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'lost';

const PROBE_INTERVAL_MS = 30_000;

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
        void refreshFor(queryClient, event.resource);
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
