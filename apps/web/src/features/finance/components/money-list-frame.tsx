// What the three lists of Receipts & Credits share: where each list is (search, sort, page, page size),
// and the frame around its table — the list switch and the search box over the rows, the load error, the
// list's empty state or 'no matches' for a search, the table, and the keyset footer under it.
import { EmptyState, Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type Page, ROLE_LABELS } from '@crm/domain';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListLoadError } from '../../../components/list-load-error.tsx';
import type { ListSort } from '../../../components/list-table/list-table.tsx';
import { ListToolbar, ListUpdating } from '../../../components/list-toolbar.tsx';
import { NoMatchesState } from '../../../components/no-matches-state.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useListPaging } from '../../../lib/use-list-paging.ts';
import type { MoneyListParams } from '../api/money-documents-cache.ts';

/** The lists' default: newest first (the server's `createdAt:desc`, left out of the request). */
const NEWEST_FIRST: ListSort = { field: 'createdAt', direction: 'desc' };
/** Dates sort newest first on the first click; numbers and names from the start. */
const DATE_FIELDS = new Set(['createdAt', 'paymentDate', 'issueDate', 'refundDate']);

export type MoneyListState = ReturnType<typeof useMoneyListState>;

/** One list's search, sort, place and page size, and the request they make. */
export function useMoneyListState() {
  const paging = useListPaging();
  const [search, setSearchText] = useState<string | undefined>(undefined);
  const [sort, setSortState] = useState<ListSort>(NEWEST_FIRST);
  const isDefaultSort = sort.field === NEWEST_FIRST.field && sort.direction === NEWEST_FIRST.direction;
  const params: MoneyListParams = {
    search,
    sort: isDefaultSort ? undefined : `${sort.field}:${sort.direction}`,
    ...paging.params,
  };
  return {
    params,
    search,
    sort,
    paging,
    setSearch: (next: string | undefined) => {
      setSearchText(next);
      paging.restart();
    },
    clearSearch: () => {
      setSearchText(undefined);
      paging.restart();
    },
    onSort: (field: string) => {
      setSortState((current) => ({
        field,
        direction:
          current.field === field
            ? current.direction === 'asc'
              ? 'desc'
              : 'asc'
            : DATE_FIELDS.has(field)
              ? 'desc'
              : 'asc',
      }));
      paging.restart();
    },
  };
}

type MoneyListFrameProps<TRow> = {
  /** The control that chooses the list (Receipts, Credit notes, Refunds). */
  switcher: ReactNode;
  searchLabel: string;
  searchPlaceholder: string;
  state: MoneyListState;
  list: UseQueryResult<Page<TRow>>;
  /** 'Error loading receipts:' */
  errorTitle: string;
  /**
   * 'No receipts found', the line under it when there are none at all, when a search finds none, and the
   * button back to all of them ('Show all receipts'; the search box's own clear button is 'Clear search').
   */
  empty: { title: string; description: string; icon: ReactNode; noMatches: string; showAll: string };
  /** The table; its rows show once the first page has loaded. */
  table: ReactNode;
};

export function MoneyListFrame<TRow>({
  switcher,
  searchLabel,
  searchPlaceholder,
  state,
  list,
  errorTitle,
  empty,
  table,
}: MoneyListFrameProps<TRow>) {
  const { role } = useAuthorization();
  const data = list.data;
  // No rows on the first page: nothing to list (a later page that emptied meanwhile keeps its way back).
  const noRows = !list.isPending && data !== undefined && data.items.length === 0 && data.prevCursor === null;

  return (
    <>
      <ListToolbar>
        {switcher}
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 240px' }} justify="flex-end">
          <ListUpdating list={list} />
          <SearchBox
            label={searchLabel}
            value={state.search}
            placeholder={searchPlaceholder}
            maxWidth={360}
            onSearch={state.setSearch}
          />
        </Group>
      </ListToolbar>
      {list.isError ? (
        <ListLoadError
          error={list.error}
          title={errorTitle}
          role={ROLE_LABELS[role]}
          onRetry={() => void list.refetch()}
        />
      ) : noRows ? (
        state.search ? (
          <NoMatchesState
            title={empty.title}
            description={empty.noMatches}
            clear={{ label: empty.showAll, onClick: state.clearSearch }}
          />
        ) : (
          <EmptyState py={48} icon={empty.icon} title={empty.title} description={empty.description} />
        )
      ) : (
        <>
          {table}
          <ListFooter
            page={data}
            loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
            {...state.paging}
          />
        </>
      )}
    </>
  );
}
