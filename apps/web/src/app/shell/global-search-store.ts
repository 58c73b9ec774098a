// The page search's state, shared by the header's button, the shortcut and the dialog. The dialog's code
// loads the first time the search opens (global-search.tsx); that opening waits until the dialog is
// mounted, closed, so that it opens with its transition like every later opening.
import { createSpotlight } from '@mantine/spotlight';

export const [globalSearchStore, globalSearchActions] = createSpotlight();

let dialogMounted = false;
const firstOpenListeners = new Set<() => void>();

/** Opens the page search (the header's button and Ctrl/Cmd+K). */
export function openGlobalSearch(): void {
  if (dialogMounted) globalSearchActions.open();
  else for (const listener of firstOpenListeners) listener();
}

/** GlobalSearch mounts the dialog when it is first asked to open. */
export function onFirstOpen(listener: () => void): () => void {
  firstOpenListeners.add(listener);
  return () => void firstOpenListeners.delete(listener);
}

/** Called by the dialog once mounted: the opening that loaded it happens now. */
export function dialogDidMount(): () => void {
  dialogMounted = true;
  globalSearchActions.open();
  return () => {
    dialogMounted = false;
  };
}
