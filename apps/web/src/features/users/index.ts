// The users feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { useAssignableUsers } from './api/assignable-users.ts';
export { exportUsers } from './api/user-admin.ts';
export { UserPicker } from './components/user-picker.tsx';
export { UsersTab } from './components/users-tab.tsx';
