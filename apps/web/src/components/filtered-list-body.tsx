// The body of a filtered list tab (leads, clients; spec 1 §2.3): the load error, 'no matches' when
// the filters leave nothing, the list's own empty state otherwise, or the table over its footer.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '@crm/domain';
import type { ListPaging } from './list-footer.tsx';
import { NoMatchesState } from './no-matches-state.tsx';
import { PagedListBody } from './paged-list-body.tsx';

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
  return (
    <PagedListBody
      list={list}
      errorTitle={errorTitle}
      empty={
        filtered ? (
          <NoMatchesState
            description="Try other words or clear the filters."
            clear={{ label: 'Clear filters', onClick: onClearFilters }}
          />
        ) : (
          empty
        )
      }
      {...paging}
    >
      {table}
      {dialog}
    </PagedListBody>
  );
}
