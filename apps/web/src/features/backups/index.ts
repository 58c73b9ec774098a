// The backups feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { BackupCard } from './components/backup-card.tsx';
