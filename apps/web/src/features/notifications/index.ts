// The notifications feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { NotificationSwitchesCard } from './components/notification-switches.tsx';
