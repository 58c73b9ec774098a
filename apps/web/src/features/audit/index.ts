// The audit feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { AuditLogsTab } from './components/audit-logs-tab.tsx';
export { SecurityTab } from './components/security-tab.tsx';
