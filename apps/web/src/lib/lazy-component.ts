// Code a page shows only on request (a record panel, a dialog, a rarely used tab), loaded on first use
// so that it stays out of the page's first download.
import { type ComponentType, lazy, type ReactNode, useEffect, useState } from 'react';

/** A lazily loaded component, and `preload` to start loading it early (when the user shows intent). */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    // A failed load (say, offline) may be tried again on the next intent.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return { Component: lazy(async () => ({ default: await preload() })), preload };
}

/** True from the first time `wanted` is true: a panel once loaded stays mounted, closed. */
export function useWantedOnce(wanted: boolean): boolean {
  const [once, setOnce] = useState(wanted);
  if (wanted && !once) setOnce(true);
  return once || wanted;
}

/**
 * For a lazily loaded panel or dialog, inside its Suspense boundary: `open` as the panel should see it.
 * Its first render (once its code has loaded) is closed and the next one open, so that it opens with
 * its transition, as a panel that was always mounted does.
 */
export function OpenAfterMount({ open, children }: { open: boolean; children: (open: boolean) => ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return children(open && mounted);
}
