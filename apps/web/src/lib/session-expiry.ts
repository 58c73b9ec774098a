// The session ended while the app was open (expired, signed out elsewhere, account suspended): the API
// answered 401. The shell then asks for the password in a dialog over the page, so open forms and their
// unsaved values stay where they are; nothing navigates away.
import { useSyncExternalStore } from 'react';

let expired = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (expired === value) return;
  expired = value;
  for (const listener of listeners) listener();
}

/** Called by the API client on a 401 to anything but the sign-in itself. */
export const markSessionExpired = () => set(true);
/** Called once the user has signed in again. */
export const clearSessionExpired = () => set(false);
export const isSessionExpired = () => expired;

export function subscribeSessionExpiry(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionExpired(): boolean {
  return useSyncExternalStore(subscribeSessionExpiry, isSessionExpired);
}
