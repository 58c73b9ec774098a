// The body of a filtered list tab (leads, clients; spec 1 §2.3): the load error, 'no matches' when
// the filters leave nothing, the list's own empty state otherwise, or the table over its footer.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Page, ROLE_LABELS } from '@crm/domain';
import { useAuthorization } from '../lib/authorization.ts';
import { ListFooter, type ListPaging } from './list-footer.tsx';
import { ListLoadError } from './list-load-error.tsx';
import { NoMatchesState } from './no-matches-state.tsx';

/** What the page tells each filtered list tab: its query, the page shown, and the filters' state. */
export type FilteredListProps<TItem> = ListPaging & {
  list: UseQueryResult<Page<TItem>>;
  /** Search text or a filter is set: an empty page means no matches. */
  filtered: boolean;
  onClearFilters: () => void;
};

type FilteredListBodyProps<TItem> = FilteredListProps<TItem> & {
  /** The load error's title ('Error loading clients:'). */
  errorTitle?: string;
  /** Shown when the list has no rows at all. */
  empty: ReactNode;
  table: ReactNode;
  /** The row actions' confirmations, mounted with the table. */
  dialog: ReactNode;
};

export function FilteredListBody<TItem>({
  list,
  filtered,
  onClearFilters,
  errorTitle,
  empty,
  table,
  dialog,
  ...paging
}: FilteredListBodyProps<TItem>) {
  const { role } = useAuthorization();
  const data = list.data;
  // No rows on the first page: the list is empty (a later page that emptied meanwhile has a way back).
  const noRows = data !== undefined && data.items.length === 0 && data.prevCursor === null;

  if (list.isError)
    return (
      <ListLoadError
        error={list.error}
        title={errorTitle}
        role={ROLE_LABELS[role]}
        onRetry={() => void list.refetch()}
      />
    );

  if (!list.isPending && noRows) {
    return filtered ? (
      <NoMatchesState
        description="Try other words or clear the filters."
        clear={{ label: 'Clear filters', onClick: onClearFilters }}
      />
    ) : (
      empty
    );
  }

  return (
    <>
      {table}
      <ListFooter page={data} loading={list.isPending} {...paging} />
      {dialog}
    </>
  );
}
