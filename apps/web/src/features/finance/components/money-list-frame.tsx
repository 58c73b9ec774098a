// What the three lists of Receipts & Credits share: where each list is (search, sort, page, page size),
// and the frame around its rows — the list switch and the search box over them, the load error, the
// list's empty state or 'no matches' for a search, the table with its sorting and actions column, and the
// keyset footer under it.
import { EmptyState, Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type Page, ROLE_LABELS } from '@crm/domain';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListLoadError } from '../../../components/list-load-error.tsx';
import { type ListColumn, type ListSort, ListTable } from '../../../components/list-table/list-table.tsx';
import { ListToolbar, ListUpdating } from '../../../components/list-toolbar.tsx';
import { NoMatchesState } from '../../../components/no-matches-state.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useListPaging } from '../../../lib/use-list-paging.ts';
import type { MoneyListParams } from '../api/money-documents-cache.ts';
import { actionsWidth } from './money-list-cells.tsx';

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
  /**
   * The list's name in the plural as its search and messages say it ('receipts': 'Search receipts',
   * 'Error loading receipts:', 'No receipts found', 'No receipts match your search.', 'Show all receipts';
   * the search box's own clear button is 'Clear search').
   */
  noun: string;
  state: MoneyListState;
  list: UseQueryResult<Page<TRow>>;
  /** The line under 'No receipts found' when there are none at all, and its icon. */
  empty: { description: string; icon: ReactNode };
  columns: readonly ListColumn[];
  /** How many icon buttons a row's Actions column holds (a menu on a phone); none: no Actions column. */
  actionCount?: number;
  /** The rows; they show once the first page has loaded. */
  children: ReactNode;
};

export function MoneyListFrame<TRow>({
  switcher,
  noun,
  state,
  list,
  empty,
  columns,
  actionCount,
  children,
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
            label={`Search ${noun}`}
            value={state.search}
            placeholder={`Search ${noun}...`}
            maxWidth={360}
            onSearch={state.setSearch}
          />
        </Group>
      </ListToolbar>
      {list.isError ? (
        <ListLoadError
          error={list.error}
          title={`Error loading ${noun}:`}
          role={ROLE_LABELS[role]}
          onRetry={() => void list.refetch()}
        />
      ) : noRows ? (
        state.search ? (
          <NoMatchesState
            title={`No ${noun} found`}
            description={`No ${noun} match your search.`}
            clear={{ label: `Show all ${noun}`, onClick: state.clearSearch }}
          />
        ) : (
          <EmptyState py={48} icon={empty.icon} title={`No ${noun} found`} description={empty.description} />
        )
      ) : (
        <>
          <ListTable
            columns={columns}
            sort={state.sort}
            onSort={state.onSort}
            actions={
              actionCount === undefined
                ? undefined
                : { width: actionsWidth(actionCount), compactWidth: 48, labelHidden: true }
            }
            loading={list.isPending}
          >
            {children}
          </ListTable>
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
