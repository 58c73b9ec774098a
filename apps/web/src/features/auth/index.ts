// The auth feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { usePasswordPolicy } from './api/password-policy.ts';
export { useSignOut } from './api/sign-out.ts';
