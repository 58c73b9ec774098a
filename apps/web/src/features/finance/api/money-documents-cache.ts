// Where the Receipts & Credits lists sit in the query cache: under 'invoice', which the change event of
// every invoice write refreshes (lib/live-updates.ts), each list under its own name so that a page of
// receipts and a page of refunds asked with the same params never share an entry.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { navigationParams } from '../../../lib/list-navigation.ts';
import { INVOICE_KEY } from '../../invoices/index.ts';

export const MONEY_LISTS = ['receipts', 'credit-notes', 'refunds'] as const;
export type MoneyList = (typeof MONEY_LISTS)[number];

/** What each list is asked: the search, the sort ('field:asc|desc', left out for newest first) and where. */
export type MoneyListParams = ReturnType<typeof navigationParams> & {
  search?: string;
  sort?: string;
  pageSize: number;
};

export const moneyListKey = (list: MoneyList, params?: MoneyListParams) =>
  params ? ([INVOICE_KEY, list, params] as const) : ([INVOICE_KEY, list] as const);

/**
 * One keyset page of `GET /api/<list>`; the page shown stays while the next one loads. `fetchPage` is the
 * list's typed call, e.g. `(signal) => answer(server.GET('/api/receipts', { params: { query: listQuery(params) }, signal }))`.
 */
export const moneyListQueryOptions = <TPage>(
  list: MoneyList,
  params: MoneyListParams,
  fetchPage: (signal: AbortSignal) => Promise<TPage>,
) =>
  queryOptions({
    queryKey: moneyListKey(list, params),
    queryFn: ({ signal }) => fetchPage(signal),
    // Live events refresh them (DECISIONS.md §1); a minute covers a missed one.
    staleTime: 60_000,
    refetchOnReconnect: true,
    placeholderData: keepPreviousData,
  });
