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

/**
 * The record panel's close, held back while a dialog is open above the panel (the service dialog, the delete
 * confirmation): Mantine closes every open drawer and modal on one Escape (each listens on the window), so
 * Escape in a dialog would close the panel under it too, and what was typed with it.
 * TODO: this belongs in RecordDrawer (components/record-form/record-panel.tsx), where it would cover the
 * record action dialogs as well.
 */
export const unlessDialogAbove = (close: () => void) => () => {
  if (document.querySelectorAll('[role="dialog"][aria-modal="true"]').length > 1) return;
  close();
};
