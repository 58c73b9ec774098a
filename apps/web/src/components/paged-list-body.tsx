// The body of a keyset-paged list under its search and filters: the load error (spec 1 §2.3: 'Access
// Restricted' with the role for a refusal, otherwise what failed with 'Try Again'), the list's own empty
// state when the first page has no rows, or the table over the shared footer.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Page, ROLE_LABELS } from '@crm/domain';
import { useAuthorization } from '../lib/authorization.ts';
import { ListFooter, type ListPaging } from './list-footer.tsx';
import { ListLoadError } from './list-load-error.tsx';

type PagedListBodyProps<TItem> = ListPaging & {
  list: UseQueryResult<Page<TItem>>;
  /** What failed to load, in the list's words ('Error loading audit logs:'); 'Error loading data:' by default. */
  errorTitle?: string;
  /** Shown when the list has no rows (none at all, or none that match: the caller says which). */
  empty: ReactNode;
  /** Rows are still on their way although the first page has answered (the documents library's first seeding). */
  waiting?: boolean;
  /** The table. */
  children: ReactNode;
};

export function PagedListBody<TItem>({
  list,
  errorTitle,
  empty,
  waiting = false,
  children,
  ...paging
}: PagedListBodyProps<TItem>) {
  const { role } = useAuthorization();
  if (list.isError)
    return (
      <ListLoadError
        error={list.error}
        title={errorTitle}
        role={ROLE_LABELS[role]}
        onRetry={() => void list.refetch()}
      />
    );
  const data = list.data;
  // No rows on the first page: the list is empty (a later page that emptied meanwhile has a way back).
  if (!waiting && data !== undefined && data.items.length === 0 && data.prevCursor === null) return empty;
  return (
    <>
      {children}
      <ListFooter page={data} loading={list.isPending} {...paging} />
    </>
  );
}
