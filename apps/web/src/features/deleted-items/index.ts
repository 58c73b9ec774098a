// The deleted-items feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { DeletedItemsTab } from './components/deleted-items-tab.tsx';
