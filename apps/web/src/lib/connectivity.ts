// The connectivity probe of spec 1 §9: a HEAD /api/ping every 30 s; an answer slower than 3 s means a slow
// connection, which the shell announces ('Slow connection detected. Operations may take longer than usual.').
// Probes only while the tab is visible: a hidden tab's timers are throttled and would measure nothing.
import { useEffect, useState } from 'react';

export const PROBE_INTERVAL_MS = 30_000;
export const SLOW_AFTER_MS = 3_000;
export const SLOW_CONNECTION_MESSAGE = 'Slow connection detected. Operations may take longer than usual.';

/** How long one ping took, or null when it failed (offline: the live stream reports that). */
async function pingMs(): Promise<number | null> {
  const started = performance.now();
  try {
    const response = await fetch('/api/ping', { method: 'HEAD', cache: 'no-store' });
    return response.ok ? performance.now() - started : null;
  } catch {
    return null;
  }
}

export function useSlowConnection(enabled: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const probe = async () => {
      if (document.visibilityState !== 'visible') return;
      const ms = await pingMs();
      if (!stopped && ms !== null) setSlow(ms > SLOW_AFTER_MS);
    };
    void probe();
    const timer = setInterval(() => void probe(), PROBE_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [enabled]);
  return slow;
}
