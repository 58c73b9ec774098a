// The roles feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { RolesTab } from './components/roles-tab.tsx';
