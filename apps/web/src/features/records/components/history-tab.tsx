// The History tab of the lead and client panels: its code loads when the tab is first opened, or when the
// pointer or focus reaches it (as the Tasks & Notes tab).
import { Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { lazyWithPreload } from '../../../lib/lazy-component.ts';
import type { HistoryPanelProps } from './history-panel.tsx';

const historyPanel = lazyWithPreload(() => import('./history-panel.tsx').then((m) => m.HistoryPanel));

export const preloadHistoryTab = () => void historyPanel.preload().catch(() => undefined);

export function HistoryTab(props: HistoryPanelProps) {
  const Panel = historyPanel.Component;
  return (
    <Suspense fallback={<PageLoader label="Loading history..." />}>
      <Panel {...props} />
    </Suspense>
  );
}
