// The clients feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { useClientConvertedFrom } from './api/client-converted-from.ts';
export { useClientFilterOptions } from './api/client-filter-options.ts';
export { useClientList } from './api/client-list.ts';
export { clientQueryOptions, useClient } from './api/client.ts';
export { ClientsTab } from './components/clients-tab.tsx';
