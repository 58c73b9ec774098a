// The documents feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { DocumentsTab } from './components/documents-tab.tsx';
