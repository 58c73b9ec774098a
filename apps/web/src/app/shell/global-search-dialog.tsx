// Ctrl/Cmd+K: find a page by name (spec 2 shell: up to 8 pages, 'No results found'). Loaded on first
// use (global-search.tsx), with the spotlight's styles.
import '@mantine/spotlight/styles.css';
import { Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { PAGES, searchPages } from '@crm/domain';
import { useAuthorization } from '../../lib/authorization.ts';
import { dialogDidMount, globalSearchStore } from './global-search-store.ts';
import { FallbackPageIcon, PAGE_ICONS } from './page-icons.tsx';

export function GlobalSearchDialog() {
  const { canOpen } = useAuthorization();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  useEffect(dialogDidMount, []);
  const pages = useMemo(() => PAGES.filter((p) => canOpen(p.module)), [canOpen]);
  const actions: SpotlightActionData[] = searchPages(pages, query).map((page) => {
    const Icon = PAGE_ICONS[page.path] ?? FallbackPageIcon;
    return {
      id: page.path,
      label: page.title,
      description: page.path,
      leftSection: <Icon size={18} />,
      onClick: () => void navigate({ to: page.path }),
    };
  });
  return (
    <Spotlight
      store={globalSearchStore}
      actions={actions}
      query={query}
      onQueryChange={setQuery}
      filter={(_q, a) => a}
      // GlobalSearch owns the shortcut, so that it works before this dialog has loaded.
      shortcut={null}
      nothingFound="No results found"
      highlightQuery
      limit={8}
      searchProps={{
        leftSection: <IconSearch size={18} />,
        placeholder: 'Search pages...',
        'aria-label': 'Search pages',
      }}
    />
  );
}
