// The client-money feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { ClientMoneyTab } from './components/client-money-tab.tsx';
