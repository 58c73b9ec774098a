// The Services tab of the lead and client panels: the Services Availed panel, whose code (with the service
// form and its date pickers) loads when the tab is first opened, or when the pointer or focus reaches it.
import { Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { lazyWithPreload } from '../../../lib/lazy-component.ts';
import type { ServicesPanelProps } from './services-panel.tsx';

const servicesPanel = lazyWithPreload(() => import('./services-panel.tsx').then((m) => m.ServicesPanel));

/** Starts loading the panel's code (on intent: the tab hovered or focused). */
export const preloadServicesTab = () => void servicesPanel.preload().catch(() => undefined);

export function ServicesTab(props: ServicesPanelProps) {
  const Panel = servicesPanel.Component;
  return (
    <Suspense fallback={<PageLoader label="Loading services..." />}>
      <Panel {...props} />
    </Suspense>
  );
}
