// The shell's page search (Ctrl/Cmd+K or the header's search button). Its dialog is loaded the first
// time it opens, so that pages where nobody searches do not download it.
import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { onFirstOpen, openGlobalSearch } from './global-search-store.ts';

const GlobalSearchDialog = lazy(() =>
  import('./global-search-dialog.tsx').then((m) => ({ default: m.GlobalSearchDialog })),
);

export function GlobalSearch() {
  // The shortcut Spotlight would register itself ('mod + K' opens; not while typing in a field).
  useHotkeys([['mod + K', openGlobalSearch]]);
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstOpen(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <GlobalSearchDialog />
    </Suspense>
  );
}
