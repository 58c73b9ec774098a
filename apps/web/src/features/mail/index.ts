// The mail feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { MailLogTab } from './components/mail-log-tab.tsx';
export { MailStatusBadge } from './components/mail-status-badge.tsx';
export { showMailToast } from './mail-toast.ts';
