// The Tasks & Notes tab of the lead and client panels: the panel's code (with its dialogs) loads when the
// tab is first opened, or when the pointer or focus reaches it; the editor loads with the first form.
import { Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { lazyWithPreload } from '../../../lib/lazy-component.ts';
import type { TasksPanelProps } from './tasks-panel.tsx';

const tasksPanel = lazyWithPreload(() => import('./tasks-panel.tsx').then((m) => m.TasksPanel));

/** Starts loading the panel's code (on intent: the tab hovered or focused). */
export const preloadTasksTab = () => void tasksPanel.preload().catch(() => undefined);

export function TasksTab(props: TasksPanelProps) {
  const Panel = tasksPanel.Component;
  return (
    <Suspense fallback={<PageLoader label="Loading tasks and notes..." />}>
      <Panel {...props} />
    </Suspense>
  );
}
