// The one way the web asks for a server-paginated list (leads, clients, records, contacts): the
// query string from the list's params, and the TanStack Query options that cache a page.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/**
 * What every list request may carry: where the page starts (navigationParams: page, after, before or
 * last), the page size, the search text and the Show Hidden switch.
 */
export type PageParams = {
  search?: string;
  showHidden?: boolean;
  page?: number;
  after?: string;
  before?: string;
  last?: boolean;
  pageSize: number;
};

/** The leads and clients lists add the filter bar's multi-value filters and a sort ('field:asc|desc'). */
export type FilteredPageParams = PageParams & {
  status?: readonly string[];
  location?: readonly string[];
  desiredVisa?: readonly string[];
  sort: string;
};

type ListParamValue = string | number | boolean | readonly string[] | undefined;

/** A list's params by query-string name; they go out in the order written. */
export type ListParams = { readonly [name: string]: ListParamValue };

/**
 * The list's path with its query string: text trimmed, several values joined with '|' (the server's
 * multi-value form), a switch only when on; blank text, empty lists and switches off are left out.
 */
export function listPath(endpoint: string, params: ListParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'object') {
      if (value.length) query.set(name, value.join('|'));
    } else if (typeof value === 'string') {
      if (value.trim()) query.set(name, value.trim());
    } else {
      query.set(name, String(value));
    }
  }
  return `${endpoint}?${query.toString()}`;
}

type ListCacheTimes = { staleTime: number; gcTime?: number };

/** Spec 1 §9: lists stay fresh 30 min (live events refresh them, not polling: DECISIONS.md §1), kept 60 min. */
const LIVE_LIST_CACHE_TIMES: ListCacheTimes = { staleTime: 30 * 60_000, gcTime: 60 * 60_000 };

/**
 * The list's params as the typed client sends them: text trimmed, blank text, empty lists and switches off
 * left out (several values go out '|'-joined, the server's multi-value form: api-client.ts). Keys and
 * value types stay the caller's, so the server's document checks them.
 */
export function listQuery<P extends ListParams>(params: P): Partial<P> {
  const query: Partial<Record<keyof P, ListParamValue>> = {};
  for (const [name, value] of Object.entries(params) as [keyof P, ListParamValue][]) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'object') {
      if (value.length) query[name] = value;
    } else if (typeof value === 'string') {
      if (value.trim()) query[name] = value.trim();
    } else {
      query[name] = value;
    }
  }
  // Each kept value is the caller's own (a string only trimmed), so the object is a part of P.
  return query as Partial<P>;
}

/**
 * One page of a list, keyed [resource, 'list', params] so the server's change events for that
 * resource (lib/live-updates.ts) refresh every open page; the previous page stays shown while the
 * next one loads. `fetchPage` is the typed call, e.g.
 * `(signal) => answer(server.GET('/api/leads', { params: { query: listQuery(params) }, signal }))`.
 */
export function listQueryOptions<TPage>(
  resource: string,
  params: ListParams,
  fetchPage: (signal: AbortSignal) => Promise<TPage>,
  cacheTimes: ListCacheTimes = LIVE_LIST_CACHE_TIMES,
) {
  return queryOptions({
    queryKey: [resource, 'list', params],
    queryFn: ({ signal }) => fetchPage(signal),
    ...cacheTimes,
    refetchOnReconnect: true,
    placeholderData: keepPreviousData,
  });
}
