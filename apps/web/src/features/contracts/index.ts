// The contracts feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { preloadContractsTab, RecordContractsTab } from './components/record-contracts-tab.tsx';
