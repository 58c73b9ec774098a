// The Contracts tab of the lead and client panels: the record's contracts, whose code (with the contract
// dialogs and the rich-text editor) loads when the tab is first opened, or when the pointer or focus reaches it.
import { Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { lazyWithPreload } from '../../../lib/lazy-component.ts';
import type { RecordContractsPanelProps } from './record-contracts-panel.tsx';

const contractsPanel = lazyWithPreload(() =>
  import('./record-contracts-panel.tsx').then((m) => m.RecordContractsPanel),
);

/** Starts loading the panel's code (on intent: the tab hovered or focused). */
export const preloadContractsTab = () => void contractsPanel.preload().catch(() => undefined);

export function RecordContractsTab(props: RecordContractsPanelProps) {
  const Panel = contractsPanel.Component;
  return (
    <Suspense fallback={<PageLoader label="Loading contracts..." />}>
      <Panel {...props} />
    </Suspense>
  );
}
