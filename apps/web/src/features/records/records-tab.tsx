// The 'All Records' tab of the Leads and Clients screen (spec 1 §2.4): leads and clients in one
// server-side paginated list with its statistics cards. It reads the page's shared search text
// and Show Hidden switch, and opens records through the page's URL (view={id}&type=lead|client).
import { Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import {
  CONVERTED_STATUS,
  pageSizeLimit,
  RECORD_PAGE_SIZES,
  type RecordRow,
  type RecordType,
  ROLE_LABELS,
} from '@crm/domain';
import { ListFooterBar } from '../../components/list-footer.tsx';
import { ListLoadError } from '../../components/list-load-error.tsx';
import { NoMatchesState } from '../../components/no-matches-state.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { useRecordList } from './api/record-list.ts';
import { useRecordStatistics } from './api/record-statistics.ts';
import { DeleteRecordDialog } from './components/delete-record-dialog.tsx';
import { RecordStatisticsCards } from './components/record-statistics-cards.tsx';
import { RecordsPagination } from './components/records-pagination.tsx';
import { type RecordPermissions, type RecordRowAction, RecordsTable } from './components/records-table.tsx';

const DEFAULT_PAGE_SIZE: number = RECORD_PAGE_SIZES[0];

/** The page's URL search params this tab reads. */
export type RecordsTabSearch = {
  search?: string | undefined;
  showHidden?: boolean | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

/** The URL changes this tab asks the page for; undefined removes a param. */
export type RecordsTabNavigation = {
  page?: number | undefined;
  pageSize?: number | undefined;
  view?: string | undefined;
  type?: RecordType | undefined;
};

type RecordsTabProps = {
  search: RecordsTabSearch;
  onNavigate: (patch: RecordsTabNavigation, options?: { replace?: boolean }) => void;
};

export function RecordsTab({ search, onNavigate }: RecordsTabProps) {
  const { role, can } = useAuthorization();
  // Roles with a smaller record limit (consultant 50, guest 10) are offered their limit only.
  const limit = pageSizeLimit(role);
  const allowedSizes = RECORD_PAGE_SIZES.filter((n) => n <= limit);
  const sizes: readonly number[] = allowedSizes.length > 0 ? allowedSizes : [limit];
  const pageSize = sizes.includes(search.pageSize ?? DEFAULT_PAGE_SIZE)
    ? (search.pageSize ?? DEFAULT_PAGE_SIZE)
    : sizes[0]!;
  const showHidden = Boolean(search.showHidden);
  const params = { search: search.search, showHidden, page: search.page ?? 1, pageSize };

  const list = useRecordList(params);
  const statistics = useRecordStatistics(showHidden);
  const [deleting, setDeleting] = useState<RecordRow | null>(null);

  const data = list.data;
  const total = data?.total ?? 0;
  const effectivePageSize = data?.pageSize ?? pageSize;
  const currentPage = data?.page ?? params.page;
  const pages = Math.max(1, Math.ceil(total / effectivePageSize));
  const from = total === 0 ? 0 : (currentPage - 1) * effectivePageSize + 1;
  const to = Math.min(currentPage * effectivePageSize, total);

  // A page beyond the end (records deleted meanwhile, or a shared link): go to the last page.
  const pastTheEnd = Boolean(
    data && !list.isPlaceholderData && data.items.length === 0 && total > 0 && currentPage > pages,
  );
  const goToLastPage = useEffectEvent(() => onNavigate({ page: pages === 1 ? undefined : pages }, { replace: true }));
  useEffect(() => {
    if (pastTheEnd) goToLastPage();
  }, [pastTheEnd]);

  const permissions: RecordPermissions = {
    canEdit: (row) =>
      row.type === 'lead' ? can('leads:edit') && row.status !== CONVERTED_STATUS : can('clients:edit'),
    canDelete: (row) => can(row.type === 'lead' ? 'leads:delete' : 'clients:delete'),
  };

  const onAction = (action: RecordRowAction, row: RecordRow) => {
    if (action === 'delete') setDeleting(row);
    else onNavigate({ view: row.id, type: row.type });
  };

  return (
    <Stack gap="sm" p="sm">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4">
          Records ({list.isPending ? '…' : total.toLocaleString('en-AU')})
        </Title>
        {list.isFetching && !list.isPending ? <Loader size={14} role="status" aria-label="Updating records" /> : null}
      </Group>

      <RecordStatisticsCards statistics={statistics.data} failed={statistics.isError} />

      {list.isError ? (
        // The tab's stack already pads the notice.
        <ListLoadError m={0} error={list.error} role={ROLE_LABELS[role]} onRetry={() => void list.refetch()} />
      ) : !list.isPending && total === 0 ? (
        <NoMatchesState />
      ) : (
        <div
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
          }}
        >
          <RecordsTable
            items={data?.items ?? []}
            loading={list.isPending}
            onAction={onAction}
            permissions={permissions}
          />
          <ListFooterBar>
            <Group gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {list.isPending ? 'Loading…' : `${from}–${to} of ${total.toLocaleString('en-AU')}`}
              </Text>
              <Select
                aria-label="Records per page"
                size="xs"
                w={120}
                data={sizes.map((n) => ({ value: String(n), label: `${n} per page` }))}
                value={String(pageSize)}
                onChange={(v) =>
                  onNavigate({
                    pageSize: v && Number(v) !== DEFAULT_PAGE_SIZE ? Number(v) : undefined,
                    page: undefined,
                  })
                }
                allowDeselect={false}
                disabled={sizes.length < 2}
              />
            </Group>
            {pages > 1 ? (
              <RecordsPagination
                total={pages}
                value={Math.min(currentPage, pages)}
                onChange={(p) => onNavigate({ page: p === 1 ? undefined : p })}
              />
            ) : null}
          </ListFooterBar>
        </div>
      )}

      <DeleteRecordDialog record={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
