// The imports feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { ExportCard } from './components/export-card.tsx';
export { ImportCard } from './components/import-card.tsx';
