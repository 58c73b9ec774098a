// The records feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { tabCountLabel, useRecordTabCounts } from './api/record-tab-counts.ts';
export { RecordFormActions } from './components/record-form-actions.tsx';
export { RecordFormSections } from './components/record-form-sections.tsx';
export { notSet, OverviewRow, OverviewSection, RecordOverviewCard } from './components/record-overview-card.tsx';
export {
  RecordLink,
  RecordLoadError,
  type RecordPanelTab,
  RecordPanelTabs,
  RecordPanelTitle,
} from './components/record-panel-tabs.tsx';
