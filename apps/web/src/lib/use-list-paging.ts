// Where a list kept in the page's state is (page by keyset or number) and how many rows a page holds: the
// role's choices (pageSizeChoices, the same limit the server's list helper applies), the first by default.
// A new page size goes back to the first page; so does anything `restart` is called for (a search, a filter).
import { useState } from 'react';
import { pageSizeChoices } from '@crm/domain';
import type { ListPaging } from '../components/list-footer.tsx';
import { useAuthorization } from './authorization.ts';
import { FIRST_PAGE, type ListNavigation, navigationParams } from './list-navigation.ts';

export type ListPagingState = ListPaging & {
  /** The query parameters of the page shown. */
  params: ReturnType<typeof navigationParams> & { pageSize: number };
  /** Back to the first page (the rows the list shows changed). */
  restart: () => void;
};

export function useListPaging(kind: 'records' | 'contacts' = 'records'): ListPagingState {
  const { role } = useAuthorization();
  const pageSizes = pageSizeChoices(role, kind);
  const [navigation, setNavigation] = useState<ListNavigation>(FIRST_PAGE);
  const [wanted, setWanted] = useState(pageSizes[0]!);
  // A role whose choices changed meanwhile (its limit was lowered) gets its first choice.
  const pageSize = pageSizes.includes(wanted) ? wanted : pageSizes[0]!;
  return {
    navigation,
    pageSize,
    pageSizes,
    params: { ...navigationParams(navigation), pageSize },
    onNavigate: setNavigation,
    onPageSize: (next) => {
      setWanted(next);
      setNavigation(FIRST_PAGE);
    },
    restart: () => setNavigation(FIRST_PAGE),
  };
}

/**
 * A list's filters kept in the page's state with its paging: a change merges into the filters and goes back
 * to the first page; `filtered` says whether any filter is set (an empty page then means no matches).
 */
export function useListFilter<TFilter extends object>() {
  const [filter, setFilter] = useState<Partial<TFilter>>({});
  const paging = useListPaging();
  const change = (patch: Partial<TFilter>) => {
    setFilter((current) => ({ ...current, ...patch }));
    paging.restart();
  };
  const filtered = Object.values(filter).some(Boolean);
  return { filter, change, paging, filtered };
}
