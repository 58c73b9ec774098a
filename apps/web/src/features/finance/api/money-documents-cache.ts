// Where the Receipts & Credits lists sit in the query cache: under 'invoice', which the change event of
// every invoice write refreshes (lib/live-updates.ts), each list under its own name so that a page of
// receipts and a page of refunds asked with the same params never share an entry.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { listPath } from '../../../lib/list-query.ts';
import type { navigationParams } from '../../../lib/list-navigation.ts';
import { INVOICE_KEY } from '../../invoices/api/invoices.ts';

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

/** One keyset page of `GET /api/<list>`; the page shown stays while the next one loads. */
export const moneyListQueryOptions = <TRow>(list: MoneyList, params: MoneyListParams) =>
  queryOptions({
    queryKey: moneyListKey(list, params),
    queryFn: ({ signal }) => api.get<Page<TRow>>(listPath(`/api/${list}`, params), { signal }),
    // Live events refresh them (DECISIONS.md §1); a minute covers a missed one.
    staleTime: 60_000,
    refetchOnReconnect: true,
    placeholderData: keepPreviousData,
  });
